package dev.tristate.application.console.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import java.time.Instant;
import java.util.Comparator;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link ConsoleUserRepository} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class ConsoleUserRepositoryContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T09:00:00.123456Z");

    protected abstract ConsoleUserRepository users();

    private ConsoleUser newUser(ConsoleRole role, boolean enabled) {
        ConsoleUser user = new ConsoleUser("u-" + UUID.randomUUID(), "$2a$10$hash-" + UUID.randomUUID(), role,
                enabled, T0);
        users().insert(user);
        return user;
    }

    @Test
    void anInsertedUserIsFoundByNameAsWritten() {
        ConsoleUser user = newUser(ConsoleRole.SUPPORT, true);

        assertThat(users().findByUsername(user.username())).contains(user);
        assertThat(users().findByUsername("u-nobody-" + UUID.randomUUID())).isEmpty();
    }

    @Test
    void aTakenNameIsAlreadyExistsAndTheFirstUserStays() {
        ConsoleUser user = newUser(ConsoleRole.SUPPORT, true);

        assertThatThrownBy(() -> users().insert(new ConsoleUser(user.username(), "other-hash", ConsoleRole.OPERATOR,
                true, T0))).isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(users().findByUsername(user.username())).contains(user);
    }

    @Test
    void everyUserIsListedByName() {
        ConsoleUser first = newUser(ConsoleRole.SUPPORT, true);
        ConsoleUser second = newUser(ConsoleRole.OPERATOR, false);

        assertThat(users().findAll()).contains(first, second)
                .isSortedAccordingTo(Comparator.comparing(ConsoleUser::username));
    }

    @Test
    void countingByRoleCountsTheEnabledUsersOfThatRoleOnly() {
        long operators = users().countByRole(ConsoleRole.OPERATOR);
        long support = users().countByRole(ConsoleRole.SUPPORT);
        newUser(ConsoleRole.OPERATOR, true);
        newUser(ConsoleRole.OPERATOR, false);
        newUser(ConsoleRole.SUPPORT, true);

        assertThat(users().countByRole(ConsoleRole.OPERATOR)).isEqualTo(operators + 1);
        assertThat(users().countByRole(ConsoleRole.SUPPORT)).isEqualTo(support + 1);
    }

    @Test
    void anUpdateWritesTheHashAndTheEnabledFlagButNotTheRoleNorTheCreation() {
        ConsoleUser user = newUser(ConsoleRole.SUPPORT, true);

        boolean updated = users().update(new ConsoleUser(user.username(), "new-hash", ConsoleRole.OPERATOR, false,
                T0.plusSeconds(3600)));

        assertThat(updated).isTrue();
        assertThat(users().findByUsername(user.username())).contains(
                new ConsoleUser(user.username(), "new-hash", ConsoleRole.SUPPORT, false, T0));
    }

    @Test
    void updatingAnUnknownUserIsFalseAndCreatesNobody() {
        String name = "u-nobody-" + UUID.randomUUID();

        assertThat(users().update(new ConsoleUser(name, "hash", ConsoleRole.OPERATOR, true, T0))).isFalse();
        assertThat(users().findByUsername(name)).isEmpty();
    }
}
