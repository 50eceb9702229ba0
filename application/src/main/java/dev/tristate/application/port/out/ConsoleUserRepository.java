package dev.tristate.application.port.out;

import java.time.Instant;
import java.util.Optional;

/** Users of the admin console. Passwords arrive here already hashed (bcrypt). */
public interface ConsoleUserRepository {

    record ConsoleUser(String username, String passwordHash, ConsoleRole role, boolean enabled, Instant createdAt) {
    }

    enum ConsoleRole { SUPPORT, OPERATOR }

    /** {@link PersistenceFailure.AlreadyExists} when the name is taken. */
    void insert(ConsoleUser user);

    Optional<ConsoleUser> findByUsername(String username);

    long countByRole(ConsoleRole role);
}
