package dev.tristate.application.console.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.console.port.in.EnsureFirstOperatorUseCase.FirstOperator;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.CreateUserCommand;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.UserChange;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.UserCommand;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.UserView;
import dev.tristate.application.console.port.out.PasswordHasher;
import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryConsoleUserRepository;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import dev.tristate.domain.console.Operator;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ConsoleUserServiceTest {

    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final Operator OPERATOR = new Operator("olivia", ConsoleRole.OPERATOR);
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);
    /** A reversible stand-in for bcrypt: the test can tell which password a hash is of. */
    private static final PasswordHasher HASHER = raw -> "hash:" + raw;

    private final InMemoryConsoleUserRepository users = new InMemoryConsoleUserRepository();
    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final ConsoleUserService service = new ConsoleUserService(users, HASHER,
            new InMemoryTransactions(users, audit), Clock.fixed(NOW, ZoneOffset.UTC), new SecureRandom(), audit);

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    private void existing(String name, ConsoleRole role, boolean enabled) {
        users.insert(new ConsoleUser(name, "hash:old-password", role, enabled, NOW.minusSeconds(3600)));
    }

    @Test
    void theFirstRunCreatesAnOperatorWithAGeneratedPasswordShownOnce() {
        FirstOperator first = service.ensureFirstOperator("admin", Optional.empty());

        String password = first.generatedPassword().orElseThrow();
        assertThat(first.created()).isTrue();
        assertThat(password).hasSize(20);
        assertThat(users.findByUsername("admin")).contains(new ConsoleUser("admin", "hash:" + password,
                ConsoleRole.OPERATOR, true, NOW));
    }

    @Test
    void aConfiguredBootstrapPasswordIsUsedAndNotShownBack() {
        FirstOperator first = service.ensureFirstOperator("admin", Optional.of("configured-pass-1"));

        assertThat(first.created()).isTrue();
        assertThat(first.generatedPassword()).isEmpty();
        assertThat(users.findByUsername("admin").orElseThrow().passwordHash()).isEqualTo("hash:configured-pass-1");
    }

    @Test
    void aShortBootstrapPasswordIsRefused() {
        assertThatThrownBy(() -> service.ensureFirstOperator("admin", Optional.of("short-pass1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(users.findAll()).isEmpty();
    }

    @Test
    void withAnOperatorPresentNoFirstOperatorIsCreated() {
        existing("olivia", ConsoleRole.OPERATOR, true);

        FirstOperator first = service.ensureFirstOperator("admin", Optional.empty());

        assertThat(first).isEqualTo(new FirstOperator("admin", false, Optional.empty()));
        assertThat(users.findByUsername("admin")).isEmpty();
    }

    @Test
    void aBootstrapNameTakenByAnotherUserCreatesNobody() {
        existing("admin", ConsoleRole.SUPPORT, true);

        FirstOperator first = service.ensureFirstOperator("admin", Optional.empty());

        assertThat(first.created()).isFalse();
        assertThat(users.findByUsername("admin").orElseThrow().role()).isEqualTo(ConsoleRole.SUPPORT);
    }

    @Test
    void anOperatorCreatesAUserWhosePasswordIsShownOnceAndStoredOnlyHashed() {
        UserChange change = service.createUser(new CreateUserCommand("sam", ConsoleRole.SUPPORT, OPERATOR, key()));

        String password = change.password().orElseThrow();
        assertThat(users.findByUsername("sam")).contains(new ConsoleUser("sam", "hash:" + password,
                ConsoleRole.SUPPORT, true, NOW));
        assertThat(change.result().entry().result()).isEqualTo("CREATED");
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo("CREATE_USER");
            assertThat(e.subjectId()).isEqualTo("sam");
            assertThat(e.detail()).isEqualTo("SUPPORT").doesNotContain(password);
        });
        assertThat(service.consoleUsers()).containsExactly(new UserView("sam", ConsoleRole.SUPPORT, true, NOW));
    }

    @Test
    void theSameCreationSubmittedTwiceCreatesOnceAndShowsNoPasswordTheSecondTime() {
        ActionKey key = key();
        UserChange first = service.createUser(new CreateUserCommand("sam", ConsoleRole.SUPPORT, OPERATOR, key));

        UserChange again = service.createUser(new CreateUserCommand("sam", ConsoleRole.SUPPORT, OPERATOR, key));

        assertThat(again.result().repeated()).isTrue();
        assertThat(again.password()).isEmpty();
        assertThat(users.findByUsername("sam").orElseThrow().passwordHash())
                .isEqualTo("hash:" + first.password().orElseThrow());
    }

    @Test
    void aTakenNameIsRefusedAsAnOutcomeAndTheUserStays() {
        existing("sam", ConsoleRole.SUPPORT, true);

        UserChange change = service.createUser(new CreateUserCommand("sam", ConsoleRole.OPERATOR, OPERATOR, key()));

        assertThat(change.result().entry().result()).isEqualTo("NAME_TAKEN");
        assertThat(change.password()).isEmpty();
        assertThat(users.findByUsername("sam").orElseThrow().role()).isEqualTo(ConsoleRole.SUPPORT);
    }

    @Test
    void anInvalidNameIsRefusedBeforeAnythingIsWritten() {
        assertThatThrownBy(() -> service.createUser(new CreateUserCommand("no spaces", ConsoleRole.SUPPORT, OPERATOR,
                key()))).isInstanceOf(IllegalArgumentException.class);
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void supportMayNotCreateUsers() {
        assertThatThrownBy(() -> service.createUser(new CreateUserCommand("eve", ConsoleRole.OPERATOR, SUPPORT,
                key()))).isInstanceOf(NotPermitted.class);
        assertThat(users.findAll()).isEmpty();
    }

    @Test
    void aDisabledUserStaysWithItsPasswordAndIsAudited() {
        existing("sam", ConsoleRole.SUPPORT, true);

        UserChange change = service.disableUser(new UserCommand("sam", OPERATOR, key()));

        assertThat(users.findByUsername("sam").orElseThrow()).satisfies(u -> {
            assertThat(u.enabled()).isFalse();
            assertThat(u.passwordHash()).isEqualTo("hash:old-password");
        });
        assertThat(change.result().entry().action()).isEqualTo("DISABLE_USER");
        assertThat(change.result().entry().result()).isEqualTo("DISABLED");
    }

    @Test
    void disablingADisabledUserChangesNothingAndSaysSo() {
        existing("sam", ConsoleRole.SUPPORT, false);

        UserChange change = service.disableUser(new UserCommand("sam", OPERATOR, key()));

        assertThat(change.result().entry().result()).isEqualTo("ALREADY_DISABLED");
        assertThat(users.findByUsername("sam").orElseThrow().enabled()).isFalse();
    }

    @Test
    void aDisabledUserIsEnabledAgain() {
        existing("sam", ConsoleRole.SUPPORT, false);

        UserChange change = service.enableUser(new UserCommand("sam", OPERATOR, key()));

        assertThat(users.findByUsername("sam").orElseThrow().enabled()).isTrue();
        assertThat(change.result().entry().result()).isEqualTo("ENABLED");
    }

    @Test
    void nobodyDisablesThemselves() {
        existing("olivia", ConsoleRole.OPERATOR, true);

        assertThatThrownBy(() -> service.disableUser(new UserCommand("olivia", OPERATOR, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(users.findByUsername("olivia").orElseThrow().enabled()).isTrue();
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void disablingAnUnknownUserIsNotFound() {
        assertThatThrownBy(() -> service.disableUser(new UserCommand("nobody", OPERATOR, key())))
                .isInstanceOf(NotFoundInConsole.class);
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void supportMayNotDisableUsers() {
        existing("olivia", ConsoleRole.OPERATOR, true);

        assertThatThrownBy(() -> service.disableUser(new UserCommand("olivia", SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(users.findByUsername("olivia").orElseThrow().enabled()).isTrue();
    }

    @Test
    void aResetPasswordReplacesTheHashAndIsShownOnceAndADisabledUserStaysDisabled() {
        existing("sam", ConsoleRole.SUPPORT, false);

        UserChange change = service.resetPassword(new UserCommand("sam", OPERATOR, key()));

        String password = change.password().orElseThrow();
        assertThat(users.findByUsername("sam").orElseThrow()).satisfies(u -> {
            assertThat(u.passwordHash()).isEqualTo("hash:" + password);
            assertThat(u.enabled()).isFalse();
        });
        assertThat(change.result().entry().detail()).isEqualTo("disabled user (stays disabled)")
                .doesNotContain(password);
    }

    @Test
    void theSameResetSubmittedTwiceResetsOnceAndShowsNoPasswordTheSecondTime() {
        existing("sam", ConsoleRole.SUPPORT, true);
        ActionKey key = key();
        String first = service.resetPassword(new UserCommand("sam", OPERATOR, key)).password().orElseThrow();

        UserChange again = service.resetPassword(new UserCommand("sam", OPERATOR, key));

        assertThat(again.result().repeated()).isTrue();
        assertThat(again.password()).isEmpty();
        assertThat(users.findByUsername("sam").orElseThrow().passwordHash()).isEqualTo("hash:" + first);
    }

    @Test
    void resettingAnUnknownUsersPasswordIsNotFound() {
        assertThatThrownBy(() -> service.resetPassword(new UserCommand("nobody", OPERATOR, key())))
                .isInstanceOf(NotFoundInConsole.class);
    }

    @Test
    void theLoginFindsAUserByName() {
        existing("sam", ConsoleRole.SUPPORT, true);

        assertThat(service.findConsoleUser("sam")).hasValueSatisfying(u -> assertThat(u.role())
                .isEqualTo(ConsoleRole.SUPPORT));
        assertThat(service.findConsoleUser("nobody")).isEmpty();
    }
}
