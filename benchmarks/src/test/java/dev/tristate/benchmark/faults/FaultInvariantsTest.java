package dev.tristate.benchmark.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.benchmark.faults.FaultSnapshot.Balance;
import dev.tristate.benchmark.faults.FaultSnapshot.Delivery;
import dev.tristate.benchmark.faults.FaultSnapshot.Entitlement;
import dev.tristate.benchmark.faults.FaultSnapshot.InboxRow;
import dev.tristate.benchmark.faults.FaultSnapshot.LedgerEntry;
import dev.tristate.benchmark.faults.FaultSnapshot.Notification;
import dev.tristate.benchmark.faults.FaultSnapshot.OutboxEvent;
import dev.tristate.benchmark.faults.FaultSnapshot.Payment;
import dev.tristate.benchmark.faults.FaultSnapshot.Task;
import dev.tristate.benchmark.faults.FaultSnapshot.Unknown;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker finds each kind of damage in rows that carry it, and nothing in rows of a clean run. */
class FaultInvariantsTest {

    /** Rows of a clean run: two users, three payments of tokens, each paid, sent, consumed and granted once. */
    private static final class Rows {
        final List<Payment> payments = new ArrayList<>();
        final List<Notification> notifications = new ArrayList<>();
        final List<OutboxEvent> outbox = new ArrayList<>();
        final List<InboxRow> inbox = new ArrayList<>();
        final List<Delivery> deliveries = new ArrayList<>();
        final List<Entitlement> entitlements = new ArrayList<>();
        final List<LedgerEntry> ledger = new ArrayList<>();
        final List<Balance> balances = new ArrayList<>();
        final List<Task> tasks = new ArrayList<>();
        final List<Unknown> unknowns = new ArrayList<>();
        final List<FaultLoad.Created> created = new ArrayList<>();
        final List<FaultLoad.Acknowledged> acknowledged = new ArrayList<>();

        Rows() {
            paid("pay_1", "u-1", 10);
            paid("pay_2", "u-1", 5);
            paid("pay_3", "u-2", 7);
            balances.add(new Balance("u-1", 15));
            balances.add(new Balance("u-2", 7));
        }

        private void paid(String id, String user, long tokens) {
            payments.add(new Payment(id, user, "tokens:" + tokens, "SUCCEEDED"));
            notifications.add(new Notification(notifications.size() + 1, "n-" + id, id, "APPLIED", "PENDING",
                    "SUCCEEDED"));
            outbox.add(new OutboxEvent("ev-" + id, id, "PaymentSucceeded", "SENT"));
            inbox.add(new InboxRow("entitlements", "ev-" + id));
            entitlements.add(new Entitlement(user, "tokens:" + tokens, id, "TOKENS", tokens, "GRANTED"));
            ledger.add(new LedgerEntry(user, "grant:" + id, tokens));
            tasks.add(new Task("granted:" + id, id, "SKIPPED"));
            created.add(new FaultLoad.Created(id, user, tokens, 1999));
            acknowledged.add(new FaultLoad.Acknowledged("n-" + id, id));
        }

        FaultInvariants.Verdict check() {
            return FaultInvariants.check(new FaultSnapshot(payments, notifications, outbox, inbox, deliveries,
                    entitlements, ledger, balances, tasks, unknowns), created, acknowledged);
        }
    }

    @Test
    void aCleanRunHoldsEveryInvariant() {
        FaultInvariants.Verdict verdict = new Rows().check();

        assertThat(verdict.findings()).isEmpty();
        assertThat(verdict.holds()).isTrue();
    }

    @Test
    void anAcknowledgedNotificationMissingFromTheDatabaseIsLost() {
        Rows rows = new Rows();
        rows.notifications.removeIf(n -> n.notifyId().equals("n-pay_2"));

        FaultInvariants.Verdict verdict = rows.check();

        assertThat(verdict.lost()).singleElement().asString().contains("n-pay_2");
        assertThat(verdict.holds()).isFalse();
    }

    @Test
    void anAcknowledgedSuccessWhosePaymentStayedPendingIsLost() {
        Rows rows = new Rows();
        rows.payments.replaceAll(p -> p.id().equals("pay_3") ? new Payment("pay_3", "u-2", "tokens:7", "PENDING")
                : p);
        rows.outbox.removeIf(e -> e.aggregateId().equals("pay_3"));

        FaultInvariants.Verdict verdict = rows.check();

        assertThat(verdict.lost()).anySatisfy(f -> assertThat(f).contains("pay_3").contains("PENDING"));
    }

    @Test
    void aPaymentTheMerchantWasAnsweredButThatIsMissingIsLost() {
        Rows rows = new Rows();
        rows.created.add(new FaultLoad.Created("pay_9", "u-1", 3, 1999));

        assertThat(rows.check().lost()).singleElement().asString().contains("pay_9");
    }

    @Test
    void aDoubledEntitlementIsDoubledAndShowsAsMoney() {
        Rows rows = new Rows();
        rows.entitlements.add(new Entitlement("u-1", "tokens:10", "pay_1", "TOKENS", 10, "GRANTED"));
        rows.ledger.add(new LedgerEntry("u-1", "grant:pay_1:again", 10));
        rows.balances.replaceAll(b -> b.userId().equals("u-1") ? new Balance("u-1", 25) : b);

        FaultInvariants.Verdict verdict = rows.check();

        assertThat(verdict.doubled()).anySatisfy(f -> assertThat(f).contains("entitlements for business key"))
                .anySatisfy(f -> assertThat(f).contains("granted 25 tokens for payments worth 15"));
        assertThat(verdict.holds()).isFalse();
    }

    @Test
    void aBalanceThatDisagreesWithItsLedgerIsFound() {
        Rows rows = new Rows();
        rows.balances.replaceAll(b -> b.userId().equals("u-2") ? new Balance("u-2", 14) : b);

        assertThat(rows.check().doubled()).singleElement().asString()
                .contains("balance of 14 but a ledger of 7");
    }

    @Test
    void twoTransitionsToOneOutcomeTwoOutboxRowsAndTwoInboxRowsAreDoubled() {
        Rows rows = new Rows();
        rows.notifications.add(new Notification(99, "n-pay_1-again", "pay_1", "APPLIED", "PENDING", "SUCCEEDED"));
        rows.outbox.add(new OutboxEvent("ev-pay_1-again", "pay_1", "PaymentSucceeded", "SENT"));
        rows.inbox.add(new InboxRow("entitlements", "ev-pay_2"));

        assertThat(rows.check().doubled()).hasSize(3);
    }

    @Test
    void pendingWorkIsStuckUntilItDrains() {
        Rows rows = new Rows();
        rows.outbox.replaceAll(e -> e.aggregateId().equals("pay_2")
                ? new OutboxEvent(e.eventId(), "pay_2", e.eventType(), "PENDING") : e);
        rows.entitlements.removeIf(e -> e.paymentId().equals("pay_2"));
        rows.ledger.removeIf(l -> l.entryKey().equals("grant:pay_2"));
        rows.balances.replaceAll(b -> b.userId().equals("u-1") ? new Balance("u-1", 10) : b);
        rows.tasks.add(new Task("granted:pay_x", "pay_x", "PENDING"));
        rows.deliveries.add(new Delivery("entitlements", "ev-x", "RETRYING"));
        rows.unknowns.add(new Unknown("pay_3", false));

        FaultInvariants.Verdict verdict = rows.check();

        assertThat(verdict.drained()).isFalse();
        assertThat(verdict.stuck()).hasSize(5);
        assertThat(verdict.lost()).isEmpty();
        assertThat(verdict.doubled()).isEmpty();
    }

    @Test
    void aSentSuccessThatNeverBecameAGrantIsStuck() {
        Rows rows = new Rows();
        rows.entitlements.removeIf(e -> e.paymentId().equals("pay_3"));
        rows.ledger.removeIf(l -> l.entryKey().equals("grant:pay_3"));
        rows.balances.removeIf(b -> b.userId().equals("u-2"));

        assertThat(rows.check().stuck()).anySatisfy(f -> assertThat(f).contains("pay_3").contains("no entitlement"));
    }

    @Test
    void aQuarantinedEventIsReportedAndFailsTheRun() {
        Rows rows = new Rows();
        rows.outbox.replaceAll(e -> e.aggregateId().equals("pay_1")
                ? new OutboxEvent(e.eventId(), "pay_1", e.eventType(), "QUARANTINED") : e);

        FaultInvariants.Verdict verdict = rows.check();

        assertThat(verdict.quarantined()).singleElement().asString().contains("pay_1");
        assertThat(verdict.holds()).isFalse();
    }
}
