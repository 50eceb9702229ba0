package dev.tristate.application.service;

import dev.tristate.application.port.in.EnsureFirstOperatorUseCase;
import dev.tristate.application.port.in.FindConsoleUserQuery;
import dev.tristate.application.port.out.ConsoleUserRepository;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import dev.tristate.application.port.out.PasswordHasher;
import dev.tristate.application.port.out.PersistenceFailure;
import dev.tristate.application.port.out.Transactions;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;

public class ConsoleUserService implements EnsureFirstOperatorUseCase, FindConsoleUserQuery {

    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    private final ConsoleUserRepository users;
    private final PasswordHasher hasher;
    private final Transactions transactions;
    private final Clock clock;
    private final SecureRandom random;

    public ConsoleUserService(ConsoleUserRepository users, PasswordHasher hasher, Transactions transactions,
                              Clock clock, SecureRandom random) {
        this.users = users;
        this.hasher = hasher;
        this.transactions = transactions;
        this.clock = clock;
        this.random = random;
    }

    @Override
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

    @Override
    public Optional<ConsoleUser> findConsoleUser(String username) {
        return users.findByUsername(username);
    }

    private String generatePassword() {
        StringBuilder sb = new StringBuilder(20);
        for (int i = 0; i < 20; i++) {
            sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}
