package dev.tristate.domain.console;

import dev.tristate.domain.Identifiers;
import java.util.Objects;

/** The signed-in person acting in the console. */
public record Operator(String username, ConsoleRole role) {
    public Operator {
        Identifiers.token("user name", username, 64);
        Objects.requireNonNull(role, "role");
    }

    /** Whether this person may repair: replay, discard, decide review cases, manage tenants. */
    public boolean mayRepair() {
        return role == ConsoleRole.OPERATOR;
    }
}
