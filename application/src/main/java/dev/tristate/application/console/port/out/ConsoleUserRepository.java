package dev.tristate.application.console.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import java.util.List;
import java.util.Optional;

/** Users of the admin console. Passwords arrive here already hashed (bcrypt). */
public interface ConsoleUserRepository {

    /** {@link PersistenceFailure.AlreadyExists} when the name is taken. */
    void insert(ConsoleUser user);

    Optional<ConsoleUser> findByUsername(String username);

    long countByRole(ConsoleRole role);

    /** Every user, by name. */
    List<ConsoleUser> findAll();

    /** Writes the user's password hash and enabled flag; false when there is no such user. */
    boolean update(ConsoleUser user);
}
