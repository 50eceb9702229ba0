package dev.tristate.application.console.port.in;

import dev.tristate.domain.console.ConsoleUser;
import java.util.Optional;

/** The console's login reads users through this. */
public interface FindConsoleUserQuery {

    Optional<ConsoleUser> findConsoleUser(String username);
}
