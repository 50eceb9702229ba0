package dev.tristate.application.console.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import dev.tristate.domain.console.Operator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Console users, for operators: create a SUPPORT or OPERATOR user, disable one, reset one's password. A password is
 * generated, stored only as a bcrypt hash and returned once, on the submission that made it (a repeated submission
 * gets the audit entry, not the password). Every change is audited in its own transaction and idempotent by action
 * key; nobody disables themselves ({@link NotPermitted}). Throws {@link NotFoundInConsole} for no such user.
 */
public interface ManageConsoleUsersUseCase {

    /** The audit log's subject type of every change here; the subject id is the username. */
    String AUDIT_SUBJECT = "console-user";

    /** Every console user, by name; no password hash leaves through this. */
    List<UserView> consoleUsers();

    UserChange createUser(CreateUserCommand command);

    UserChange disableUser(UserCommand command);

    /** Lets a disabled user sign in again (with the password they had; reset it if it may be known to others). */
    UserChange enableUser(UserCommand command);

    UserChange resetPassword(UserCommand command);

    record UserView(String username, ConsoleRole role, boolean enabled, java.time.Instant createdAt) {
        public static UserView of(ConsoleUser user) {
            return new UserView(user.username(), user.role(), user.enabled(), user.createdAt());
        }
    }

    record CreateUserCommand(String username, ConsoleRole role, Operator operator, ActionKey actionKey) {
        public CreateUserCommand {
            username = username == null ? null : username.strip();
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    record UserCommand(String username, Operator operator, ActionKey actionKey) {
        public UserCommand {
            if (username == null || username.isBlank()) {
                throw new IllegalArgumentException("the user name is required");
            }
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    /** The change's result; {@code password} only on the submission that generated it. */
    record UserChange(ActionResult result, Optional<String> password) {
        public UserChange {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(password, "password");
        }

        @Override
        public String toString() {
            return "UserChange[" + result + ", password=" + (password.isPresent() ? "(hidden)" : "none") + "]";
        }
    }
}
