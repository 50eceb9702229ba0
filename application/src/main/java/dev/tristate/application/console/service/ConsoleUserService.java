package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.EnsureFirstOperatorUseCase.FirstOperator;
import dev.tristate.application.console.port.in.EnsureFirstOperatorUseCase;
import dev.tristate.application.console.port.in.FindConsoleUserQuery;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase;
import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.PasswordHasher;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.InvalidInput;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Console users: the first operator on the first run, the login's look-up, and operators' management of users
 * ({@link ManageConsoleUsersUseCase}: each change audited in its own transaction, once per action key; a generated
 * password returned once, never audited or logged). The first operator ({@link EnsureFirstOperatorUseCase}) and the
 * look-up ({@link FindConsoleUserQuery}) reach their ports through {@link ConsoleServices}' method references, so
 * that each port is a bean of its own.
 */
class ConsoleUserService implements ManageConsoleUsersUseCase {

    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    private final ConsoleUserRepository users;
    private final PasswordHasher hasher;
    private final Transactions transactions;
    private final Clock clock;
    private final SecureRandom random;
    private final AuditedActions actions;

    ConsoleUserService(ConsoleUserRepository users, PasswordHasher hasher, Transactions transactions,
                       Clock clock, SecureRandom random, AuditTrail audit) {
        this.users = users;
        this.hasher = hasher;
        this.transactions = transactions;
        this.clock = clock;
        this.random = random;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    public FirstOperator ensureFirstOperator(String username, Optional<String> configuredPassword) {
        if (users.countByRole(ConsoleRole.OPERATOR) > 0) {
            return new FirstOperator(username, false, Optional.empty());
        }
        configuredPassword.ifPresent(p -> {
            if (p.length() < 12) {
                throw new IllegalArgumentException("the bootstrap password needs at least 12 characters");
            }
        });
        String password = configuredPassword.orElseGet(this::generatePassword);
        try {
            transactions.inTransaction(() -> users.insert(
                    new ConsoleUser(username, hasher.hash(password), ConsoleRole.OPERATOR, true, clock.instant())));
        } catch (PersistenceFailure.AlreadyExists e) {
            return new FirstOperator(username, false, Optional.empty());
        }
        return new FirstOperator(username, true,
                configuredPassword.isPresent() ? Optional.empty() : Optional.of(password));
    }

    public Optional<ConsoleUser> findConsoleUser(String username) {
        return users.findByUsername(username);
    }

    @Override
    public List<UserView> consoleUsers() {
        return users.findAll().stream().map(UserView::of).toList();
    }

    @Override
    public UserChange createUser(CreateUserCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "create console users");
        // Checked before anything is written: a bad name is refused with its reason (400), not stored.
        ConsoleUser probe = probe(command);
        String password = generatePassword();
        AtomicBoolean created = new AtomicBoolean();
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "CREATE_USER",
                AUDIT_SUBJECT, probe.username(), null), now -> {
            if (users.findByUsername(probe.username()).isPresent()) {
                return new Outcome("NAME_TAKEN", "a user of this name exists: nothing changed");
            }
            users.insert(new ConsoleUser(probe.username(), hasher.hash(password), command.role(), true, now));
            created.set(true);
            return new Outcome("CREATED", command.role().name());
        });
        return new UserChange(result, created.get() && !result.repeated() ? Optional.of(password) : Optional.empty());
    }

    private ConsoleUser probe(CreateUserCommand command) {
        try {
            return new ConsoleUser(command.username(), "-", command.role(), true, clock.instant());
        } catch (IllegalArgumentException badName) {
            throw new InvalidInput(badName.getMessage());
        }
    }

    @Override
    public UserChange disableUser(UserCommand command) {
        return setEnabled(command, false);
    }

    @Override
    public UserChange enableUser(UserCommand command) {
        return setEnabled(command, true);
    }

    /** Disables or enables a user (never oneself), audited under the form's key; the same state again changes nothing. */
    private UserChange setEnabled(UserCommand command, boolean enabled) {
        String verb = enabled ? "enable" : "disable";
        AuditedActions.requireRepairRole(command.operator(), verb + " console users");
        if (command.operator().username().equals(command.username())) {
            throw new NotPermitted(command.operator().username() + " may not " + verb + " themselves");
        }
        requireUser(command.username());
        String state = enabled ? "ENABLED" : "DISABLED";
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(),
                enabled ? "ENABLE_USER" : "DISABLE_USER", AUDIT_SUBJECT, command.username(), null), now -> {
            ConsoleUser user = users.findByUsername(command.username()).orElseThrow();
            if (user.enabled() == enabled) {
                return new Outcome("ALREADY_" + state, "nothing changed");
            }
            users.update(new ConsoleUser(user.username(), user.passwordHash(), user.role(), enabled,
                    user.createdAt()));
            return new Outcome(state, user.role().name());
        });
        return new UserChange(result, Optional.empty());
    }

    @Override
    public UserChange resetPassword(UserCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "reset console users' passwords");
        requireUser(command.username());
        String password = generatePassword();
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "RESET_PASSWORD",
                AUDIT_SUBJECT, command.username(), null), now -> {
            ConsoleUser user = users.findByUsername(command.username()).orElseThrow();
            users.update(new ConsoleUser(user.username(), hasher.hash(password), user.role(), user.enabled(),
                    user.createdAt()));
            return new Outcome("RESET", user.enabled() ? "enabled user" : "disabled user (stays disabled)");
        });
        return new UserChange(result, result.repeated() ? Optional.empty() : Optional.of(password));
    }

    private void requireUser(String username) {
        if (users.findByUsername(username).isEmpty()) {
            throw new NotFoundInConsole("no console user " + username);
        }
    }

    private String generatePassword() {
        StringBuilder sb = new StringBuilder(20);
        for (int i = 0; i < 20; i++) {
            sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}
