package dev.tristate.application.fakes;

import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/** Console users in memory, by name, with the database's unique user name. */
public class InMemoryConsoleUserRepository implements ConsoleUserRepository, InMemoryTransactions.Participant {

    private TreeMap<String, ConsoleUser> users = new TreeMap<>();

    @Override
    public synchronized void insert(ConsoleUser user) {
        if (users.putIfAbsent(user.username(), user) != null) {
            throw new PersistenceFailure.AlreadyExists("console user " + user.username() + " exists", null);
        }
    }

    @Override
    public synchronized Optional<ConsoleUser> findByUsername(String username) {
        return Optional.ofNullable(users.get(username));
    }

    /** Counts enabled users only, as the adapter does: a disabled operator is no operator. */
    @Override
    public synchronized long countByRole(ConsoleRole role) {
        return users.values().stream().filter(u -> u.role() == role && u.enabled()).count();
    }

    @Override
    public synchronized List<ConsoleUser> findAll() {
        return new ArrayList<>(users.values());
    }

    /** Writes the hash and the enabled flag only, as the adapter's UPDATE does: name, role and creation stay. */
    @Override
    public synchronized boolean update(ConsoleUser user) {
        ConsoleUser stored = users.get(user.username());
        if (stored == null) {
            return false;
        }
        users.put(user.username(), new ConsoleUser(stored.username(), user.passwordHash(), stored.role(),
                user.enabled(), stored.createdAt()));
        return true;
    }

    @Override
    public synchronized Object snapshot() {
        return new TreeMap<>(users);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        users = new TreeMap<>((TreeMap<String, ConsoleUser>) snapshot);
    }
}
