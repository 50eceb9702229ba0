package dev.tristate.application.console.port.in;

import java.util.Optional;

/**
 * Makes sure the console has an operator. Only when none exists is one created, with the configured password or a
 * generated one that is returned to be shown once; there is never a fixed default password.
 */
public interface EnsureFirstOperatorUseCase {

    FirstOperator ensureFirstOperator(String username, Optional<String> configuredPassword);

    /** {@code generatedPassword} is present only when this call created the user with a password it made up. */
    record FirstOperator(String username, boolean created, Optional<String> generatedPassword) {
    }
}
