package dev.tristate.application.console.port.in;

import dev.tristate.domain.console.ConsoleUser;
import java.time.Duration;
import java.util.Objects;

/**
 * Puts a console sign-in lockout into the audit log: a user name and client address whose failed sign-ins made the
 * console refuse further tries for a while. Someone guessing passwords shows up there, and on the dashboard.
 */
public interface RecordSignInLockoutUseCase {

    /** The audit log's action of a lockout; its subject is the user name tried ({@link #AUDIT_SUBJECT}). */
    String AUDIT_ACTION = "SIGN_IN_LOCKED";
    String AUDIT_SUBJECT = "console-user";
    /** Who the entry is by: nobody signed in did it. */
    String AUDIT_OPERATOR = "(sign-in)";

    void recordLockout(SignInLockout lockout);

    /**
     * {@code username} as it was typed (the console refuses longer ones before it gets here), {@code clientAddress}
     * as the server saw it (the proxy's forwarded address where forward headers are trusted).
     */
    record SignInLockout(String username, String clientAddress, int failures, Duration delay) {
        public SignInLockout {
            Objects.requireNonNull(username, "user name");
            if (username.isBlank() || username.length() > ConsoleUser.MAX_USERNAME_LENGTH) {
                throw new IllegalArgumentException("a user name tried has 1 to " + ConsoleUser.MAX_USERNAME_LENGTH
                        + " characters");
            }
            Objects.requireNonNull(clientAddress, "client address");
            Objects.requireNonNull(delay, "delay");
        }
    }
}
