package dev.tristate.application.outbox.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryOutboxQuarantine;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase.DiscardCommand;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.BulkReplayCommand;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.ReplayCommand;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class QuarantineServiceTest {

    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final Operator OPERATOR = new Operator("olivia", ConsoleRole.OPERATOR);
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);

    private final InMemoryOutboxQuarantine outbox = new InMemoryOutboxQuarantine();
    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final InMemoryTransactions transactions = new InMemoryTransactions(outbox, audit);
    private final QuarantineService service = new QuarantineService(outbox, audit, transactions,
            Clock.fixed(NOW, ZoneOffset.UTC));

    private EventId quarantined() {
        EventId id = new EventId(UUID.randomUUID());
        outbox.add(new OutboxEventView(id, new TenantId("t1"), "pay_1", "PaymentSucceeded", OutboxStatus.QUARANTINED,
                7, "{}", "broker refused", NOW.minusSeconds(90_000), NOW.minusSeconds(86_400), NOW.minusSeconds(1),
                null));
        return id;
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    @Test
    void aReplayReleasesTheSameEventAndIsAuditedWithItsReason() {
        EventId id = quarantined();
        ActionResult result = service.replay(new ReplayCommand(id, new Reason("broker fixed"), OPERATOR, key()));

        assertThat(result.repeated()).isFalse();
        assertThat(result.entry().result()).isEqualTo("REPLAYED");
        assertThat(outbox.find(id).orElseThrow().status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(outbox.find(id).orElseThrow().eventId()).isEqualTo(id);
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.operator()).isEqualTo("olivia");
            assertThat(e.reason()).isEqualTo("broker fixed");
            assertThat(e.subjectId()).isEqualTo(id.toString());
            assertThat(e.at()).isEqualTo(NOW);
        });
    }

    @Test
    void theSameFormSubmittedTwiceActsOnce() {
        EventId id = quarantined();
        ActionKey key = key();
        service.replay(new ReplayCommand(id, new Reason("broker fixed"), OPERATOR, key));
        // Meanwhile the relay gave up again: a second replay with a NEW key would release it; the same key must not.
        outbox.add(new OutboxEventView(id, new TenantId("t1"), "pay_1", "PaymentSucceeded",
                OutboxStatus.QUARANTINED, 3, "{}", "again", NOW, NOW, NOW, null));

        ActionResult again = service.replay(new ReplayCommand(id, new Reason("broker fixed"), OPERATOR, key));

        assertThat(again.repeated()).isTrue();
        assertThat(again.entry().result()).isEqualTo("REPLAYED");
        assertThat(outbox.find(id).orElseThrow().status()).isEqualTo(OutboxStatus.QUARANTINED);
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void replayingWhatIsNoLongerQuarantinedChangesNothingAndSaysSo() {
        EventId id = quarantined();
        service.replay(new ReplayCommand(id, new Reason("first"), OPERATOR, key()));

        ActionResult second = service.replay(new ReplayCommand(id, new Reason("second"), OPERATOR, key()));

        assertThat(second.entry().result()).isEqualTo("NOT_QUARANTINED");
        assertThat(outbox.find(id).orElseThrow().status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(audit.entries()).hasSize(2);
    }

    @Test
    void supportStaffMayNotReplayOrDiscard() {
        EventId id = quarantined();
        assertThatThrownBy(() -> service.replay(new ReplayCommand(id, new Reason("try"), SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThatThrownBy(() -> service.discard(new DiscardCommand(id, new Reason("try"), SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(outbox.find(id).orElseThrow().status()).isEqualTo(OutboxStatus.QUARANTINED);
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void aReasonIsRequired() {
        assertThatThrownBy(() -> new Reason("  ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void whenTheAuditCannotBeWrittenTheReplayDoesNotHappenEither() {
        EventId id = quarantined();
        ActionKey key = key();
        InMemoryAuditTrail failing = new InMemoryAuditTrail() {
            @Override
            public synchronized void record(dev.tristate.domain.console.AuditEntry entry) {
                throw new PersistenceFailure(dev.tristate.domain.outcome.OutcomeClass.RETRYABLE, "deadlock", null);
            }
        };
        QuarantineService withFailingAudit = new QuarantineService(outbox, failing,
                new InMemoryTransactions(outbox, failing), Clock.fixed(NOW, ZoneOffset.UTC));

        assertThatThrownBy(() -> withFailingAudit.replay(new ReplayCommand(id, new Reason("broker fixed"), OPERATOR, key)))
                .isInstanceOf(PersistenceFailure.class);
        assertThat(outbox.find(id).orElseThrow().status()).isEqualTo(OutboxStatus.QUARANTINED);
    }

    @Test
    void aDiscardedEventCannotBeReplayed() {
        EventId id = quarantined();
        assertThat(service.discard(new DiscardCommand(id, new Reason("test data"), OPERATOR, key())).entry().result())
                .isEqualTo("DISCARDED");
        assertThat(service.replay(new ReplayCommand(id, new Reason("oops"), OPERATOR, key())).entry().result())
                .isEqualTo("NOT_QUARANTINED");
        assertThat(outbox.find(id).orElseThrow().status()).isEqualTo(OutboxStatus.DISCARDED);
    }

    @Test
    void aBulkReplayReplaysAtMostTheConfirmedCountAndRecordsEachEvent() {
        EventId a = quarantined();
        EventId b = quarantined();
        EventId c = quarantined();
        ActionKey key = key();

        ActionResult result = service.replayAll(new BulkReplayCommand(2, new Reason("broker back"), OPERATOR, key));
        ActionResult again = service.replayAll(new BulkReplayCommand(2, new Reason("broker back"), OPERATOR, key));

        assertThat(result.entry().detail()).startsWith("2 of 2");
        assertThat(again.repeated()).isTrue();
        assertThat(outbox.find(a).orElseThrow().status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(outbox.find(b).orElseThrow().status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(outbox.find(c).orElseThrow().status()).isEqualTo(OutboxStatus.QUARANTINED);
        assertThat(audit.forSubject(ReplayQuarantinedMessageUseCase.AUDIT_SUBJECT, a.toString())).hasSize(1);
        assertThat(audit.entries()).hasSize(3);
    }
}
