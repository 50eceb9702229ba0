package dev.tristate.application.shared.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryConsoleUserRepository;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.InEffect;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import dev.tristate.domain.console.Operator;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AuditedActionsTest {

    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final Operator OPERATOR = new Operator("olivia", ConsoleRole.OPERATOR);

    /** An effect's store: what an action changed, rolled back with it. */
    private final InMemoryConsoleUserRepository effects = new InMemoryConsoleUserRepository();
    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final InMemoryTransactions transactions = new InMemoryTransactions(effects, audit);
    private final AuditedActions actions = new AuditedActions(audit, transactions, Clock.fixed(NOW, ZoneOffset.UTC));

    private static Action anAction() {
        return new Action(new ActionKey(UUID.randomUUID().toString()), OPERATOR, "CREATE_USER", "console-user",
                "sam", "needed");
    }

    private Outcome createSam(Instant at) {
        effects.insert(new ConsoleUser("sam", "hash", ConsoleRole.SUPPORT, true, at));
        return new Outcome("CREATED", "SUPPORT");
    }

    @Test
    void anActionsEffectAndItsEntryAreWrittenTogetherAtTheActionsTime() {
        Action action = anAction();

        ActionResult result = actions.run(action, this::createSam);

        AuditEntry expected = new AuditEntry(action.key(), "olivia", "CREATE_USER", "console-user", "sam", "needed",
                "CREATED", "SUPPORT", NOW);
        assertThat(result).isEqualTo(new ActionResult(expected, false));
        assertThat(audit.entries()).containsExactly(expected);
        assertThat(effects.findByUsername("sam").orElseThrow().createdAt()).isEqualTo(NOW);
    }

    @Test
    void theSameActionSubmittedAgainRollsItsEffectBackAndAnswersWithTheFirstEntry() {
        Action action = anAction();
        ActionResult first = actions.run(action, at -> new Outcome("CREATED", "first"));

        ActionResult again = actions.run(action, this::createSam);

        assertThat(again).isEqualTo(new ActionResult(first.entry(), true));
        assertThat(effects.findByUsername("sam")).as("the repeat's effect rolled back").isEmpty();
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void aKeyAlreadyRecordedIsAnsweredWithItsFirstEntryAndANewKeyWithNothing() {
        Action action = anAction();
        ActionResult first = actions.run(action, at -> new Outcome("CREATED", "first"));

        assertThat(actions.repeated(action.key())).contains(new ActionResult(first.entry(), true));
        assertThat(actions.repeated(anAction().key())).isEmpty();
    }

    @Test
    void anEffectThatFailsLeavesNoEntry() {
        IllegalStateException failure = new IllegalStateException("channel down");

        assertThatThrownBy(() -> actions.run(anAction(), at -> {
            createSam(at);
            throw failure;
        })).isSameAs(failure);
        assertThat(audit.entries()).isEmpty();
        assertThat(effects.findByUsername("sam")).isEmpty();
    }

    @Test
    void aUniqueKeyMetByTheEffectWithoutAnEntryUnderTheActionsKeyIsNotARepeat() {
        effects.insert(new ConsoleUser("sam", "hash", ConsoleRole.SUPPORT, true, NOW));

        assertThatThrownBy(() -> actions.run(anAction(), this::createSam))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void onlyAnOperatorMayRepair() {
        assertThatThrownBy(() -> AuditedActions.requireRepairRole(new Operator("sam", ConsoleRole.SUPPORT),
                "create tenants")).isInstanceOf(NotPermitted.class).hasMessage("sam (SUPPORT) may not create tenants");
        assertThatCode(() -> AuditedActions.requireRepairRole(OPERATOR, "create tenants")).doesNotThrowAnyException();
    }

    @Test
    void aStepOfAnActionIsTheSameActionUnderAKeyDerivedFromItsOwn() {
        Action action = anAction();

        Action step = action.step("pay_1");

        assertThat(step).isEqualTo(new Action(action.key().part("pay_1"), OPERATOR, "CREATE_USER", "console-user",
                "sam", "needed"));
    }

    @Test
    void aPartOfABulkActionIsRecordedInTheBulkActionsTransaction() {
        Action part = anAction().step("1");

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
            actions.recordPart(part, NOW, new Outcome("REPLAYED", "one of many"));
            throw new IllegalStateException("the bulk action failed later");
        })).isInstanceOf(IllegalStateException.class);
        transactions.inTransaction(() -> actions.recordPart(part, NOW, new Outcome("REPLAYED", "one of many")));

        assertThat(audit.entries()).extracting(AuditEntry::actionKey, AuditEntry::result)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(part.key(), "REPLAYED"));
    }

    @Test
    void anEntryWrittenInTheEffectsOwnTransactionIsSettledAsThatEntry() {
        Action action = anAction();
        InEffect note = actions.inEffect(action);

        transactions.inTransaction(() -> {
            createSam(NOW);
            note.record("ASKED", "the channel said SUCCESS", NOW);
        });
        ActionResult settled = actions.settle(note, at -> new Outcome("NOTHING", "unused"));

        assertThat(settled.repeated()).isFalse();
        assertThat(settled.entry().result()).isEqualTo("ASKED");
        assertThat(settled.entry().detail()).isEqualTo("the channel said SUCCESS");
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void anEffectWhoseEntryMeetsATakenKeyIsRolledBackAndSettledAsARepeatOfTheFirst() {
        Action action = anAction();
        ActionResult first = actions.run(action, at -> new Outcome("ASKED", "first"));
        InEffect note = actions.inEffect(action);

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
            createSam(NOW);
            note.record("ASKED", "again", NOW);
        })).isInstanceOf(PersistenceFailure.AlreadyExists.class);
        ActionResult settled = actions.settle(note, at -> new Outcome("NOTHING", "unused"));

        assertThat(note.keyTaken()).isTrue();
        assertThat(settled).isEqualTo(new ActionResult(first.entry(), true));
        assertThat(effects.findByUsername("sam")).isEmpty();
    }

    @Test
    void anEffectThatWroteNoEntryIsSettledWithTheOtherwiseOutcomeInATransactionOfItsOwn() {
        Action action = anAction();
        InEffect note = actions.inEffect(action);

        ActionResult settled = actions.settle(note, at -> new Outcome("ALREADY_RESOLVED", "nothing to apply"));

        assertThat(note.committed()).isEmpty();
        assertThat(settled.repeated()).isFalse();
        assertThat(audit.findByActionKey(action.key())).contains(settled.entry());
        assertThat(settled.entry().result()).isEqualTo("ALREADY_RESOLVED");
    }
}
