package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.ConsumeEventUseCase;
import dev.tristate.application.consumer.service.ConsumedMessageCheck.Readable;
import dev.tristate.application.consumer.service.SingleApplication.Attempt;
import dev.tristate.application.consumer.service.SingleApplication.Done;
import dev.tristate.application.consumer.service.SingleApplication.Failed;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.consumer.InboundMessage;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The entitlements consumer. One delivery ({@link SingleApplication}), or one batch of deliveries
 * ({@link #consumeAll}, {@link BatchApplication}), is one local transaction: the inbox rows (consumer, event id) and
 * the grants commit together, and only then are the messages acknowledged. A second delivery of the same event finds
 * the inbox row and changes nothing, provided it carries the same content; a different body under a known event id
 * is a broken invariant and goes to the quarantine. The grant has its own business key (tenant, user, SKU, payment),
 * so the same purchase carried by two different events is granted once.
 *
 * <p>Each grant also writes, in the same transaction, the task that tells the tenant's own service about it
 * ({@link TaskRunnerService}); the grant itself is {@link EntitlementGrants}, shared with reconciliation's re-grant.
 *
 * <p>Failures never loop through the broker: a transient one (the database busy or unreachable, a commit of unknown
 * outcome) is written to the consumer's delivery table and retried from there with backoff and jitter, bounded in
 * count and time; a permanent one (unreadable, unknown type, broken invariant) and exhausted retries are quarantined
 * there with the original message and the attempt history ({@link DeliveryFailures}, {@link DeliveryRetries}).
 * Either way the delivery is then acknowledged.
 */
class EntitlementsConsumerService implements ConsumeEventUseCase {

    /** The consumer's name in the inbox and the delivery table. */
    static final String CONSUMER = "entitlements";

    /** The inbox outcome of a success event whose payment was fully refunded before it arrived: nothing granted. */
    static final String NOT_GRANTED_REFUNDED = "NOT_GRANTED_PAYMENT_REFUNDED";

    private final ConsumedMessageCheck check;
    private final SingleApplication single;
    private final BatchApplication batches;
    private final DeliveryFailures failures;
    private final Transactions transactions;
    private final CrashPoints crashPoints;
    private final Clock clock;

    EntitlementsConsumerService(ConsumedMessageCheck check, SingleApplication single, BatchApplication batches,
                                DeliveryFailures failures, Transactions transactions, CrashPoints crashPoints,
                                Clock clock) {
        this.check = check;
        this.single = single;
        this.batches = batches;
        this.failures = failures;
        this.transactions = transactions;
        this.crashPoints = crashPoints;
        this.clock = clock;
    }

    @Override
    public ConsumeResult consume(InboundMessage message) {
        Attempt attempt = single.attempt(message);
        if (attempt instanceof Done done) {
            crashPoints.reached(CrashPoints.C5_BEFORE_ACK);
            return new Acknowledge(done.outcome(), done.detail());
        }
        return failures.record(message, ((Failed) attempt).failure());
    }

    @Override
    public List<ConsumeResult> consumeAll(List<InboundMessage> messages) {
        if (messages.size() == 1) {
            return List.of(consume(messages.get(0)));
        }
        List<Readable> readable = new ArrayList<>(messages.size());
        for (InboundMessage message : messages) {
            ConsumedMessageCheck.Result checked = check.check(message);
            if (checked.readable() == null) {
                return messages.stream().map(this::consume).toList();
            }
            readable.add(checked.readable());
        }
        Instant now = clock.instant();
        Map<Readable, BatchApplication.Applied> applied;
        try {
            applied = transactions.inTransaction(() -> batches.apply(readable, now));
        } catch (BatchApplication.Refused | PersistenceFailure | IllegalArgumentException wholeBatchFailed) {
            // Rolled back as a whole: each message alone now says which of them (if any) fails, and how.
            return messages.stream().map(this::consume).toList();
        }
        crashPoints.reached(CrashPoints.C5_BEFORE_ACK);
        return readable.stream().map(r -> (ConsumeResult) new Acknowledge(applied.get(r).outcome(),
                applied.get(r).detail())).toList();
    }
}
