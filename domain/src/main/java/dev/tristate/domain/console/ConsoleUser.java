package dev.tristate.domain.console;

import dev.tristate.domain.Identifiers;
import java.time.Instant;
import java.util.Objects;

/** A person using the admin console. The password is held only as a one-way (bcrypt) hash. */
public record ConsoleUser(String username, String passwordHash, ConsoleRole role, boolean enabled, Instant createdAt) {
    /** The longest user name: a sign-in with a longer one is refused before any lookup. */
    public static final int MAX_USERNAME_LENGTH = 64;

    public ConsoleUser {
        Identifiers.token("user name", username, MAX_USERNAME_LENGTH);
        Objects.requireNonNull(passwordHash, "password hash");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(createdAt, "created at");
    }
}
