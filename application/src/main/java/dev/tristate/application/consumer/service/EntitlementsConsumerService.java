package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.ConsumeEventUseCase;
import dev.tristate.application.consumer.port.in.RetryConsumerDeliveriesUseCase;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.EventPayloadReader.ConsumedEvent;
import dev.tristate.application.consumer.port.out.EventPayloadReader;
import dev.tristate.application.consumer.port.out.Inbox.InboxEntry;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.ConsumedMessageCheck.Readable;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The entitlements consumer. One delivery, or one batch of deliveries ({@link #consumeAll}), is one local
 * transaction: the inbox rows (consumer, event id) and the grants commit together, and only then are the messages
 * acknowledged. A second delivery of the same event finds the inbox
 * row and changes nothing, provided it carries the same content; a different body under a known event id is a broken
 * invariant and goes to the quarantine. The grant has its own business key (tenant, user, SKU, payment), so the same
 * purchase carried by two different events is granted once.
 *
 * <p>Each grant also writes, in the same transaction, the task that tells the tenant's own service about it
 * ({@link TaskRunnerService}); the grant itself is {@link EntitlementGrants}, shared with reconciliation's re-grant.
 *
 * <p>Failures never loop through the broker: a transient one (the database busy or unreachable, a commit of unknown
 * outcome) is written to the consumer's delivery table and retried from there with backoff and jitter, bounded in
 * count and time; a permanent one (unreadable, unknown type, broken invariant) and exhausted retries are quarantined
 * there with the original message and the attempt history. Either way the delivery is then acknowledged.
 */
class EntitlementsConsumerService implements ConsumeEventUseCase, RetryConsumerDeliveriesUseCase {

    /** The consumer's name in the inbox and the delivery table. */
    static final String CONSUMER = "entitlements";

    /** The inbox outcome of a success event whose payment was fully refunded before it arrived: nothing granted. */
    static final String NOT_GRANTED_REFUNDED = "NOT_GRANTED_PAYMENT_REFUNDED";

    private final ConsumedMessageCheck check;
    private final Inbox inbox;
    private final EntitlementGrants grants;
    private final BatchApplication batches;
    private final ConsumerDeliveryStore deliveries;
    private final PaymentRepository payments;
    private final Transactions transactions;
    private final CrashPoints crashPoints;
    private final Clock clock;
    private final RandomGenerator random;
    private final ConsumerSettings settings;

    EntitlementsConsumerService(EventPayloadReader reader, Inbox inbox, EntitlementStore entitlements,
                                ConsumerDeliveryStore deliveries, TaskStore tasks, PaymentRepository payments,
                                Transactions transactions, CrashPoints crashPoints, Clock clock,
                                RandomGenerator random, ConsumerSettings settings) {
        this.check = new ConsumedMessageCheck(reader);
        this.payments = payments;
        this.inbox = inbox;
        this.grants = new EntitlementGrants(entitlements, tasks);
        this.batches = new BatchApplication(CONSUMER, inbox, payments, entitlements, tasks, grants);
        this.deliveries = deliveries;
        this.transactions = transactions;
        this.crashPoints = crashPoints;
        this.clock = clock;
        this.random = random;
        this.settings = settings;
    }

    @Override
    public ConsumeResult consume(InboundMessage message) {
        Attempt attempt = attempt(message);
        if (attempt instanceof Done done) {
            crashPoints.reached(CrashPoints.C5_BEFORE_ACK);
            return new Acknowledge(done.outcome(), done.detail());
        }
        ConsumerFailure failure = ((Failed) attempt).failure();
        try {
            return new Acknowledge(recordFailure(message, failure), failure.describe());
        } catch (PersistenceFailure | ChangedMeanwhile e) {
            // Not even the failure could be written: the broker keeps the message, and gets it back after a pause.
            return new RequeueAfter(settings.requeuePause(), failure.describe() + "; not recorded: " + e.getMessage());
        }
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

    @Override
    public int retryDue() {
        Instant now = clock.instant();
        List<ConsumerDelivery> due = deliveries.findDue(CONSUMER, now, settings.retryBatchSize());
        int taken = 0;
        for (ConsumerDelivery delivery : due) {
            ConsumerDelivery claimed = delivery.claimedUntil(now.plus(settings.retryLease()), now);
            if (!deliveries.update(claimed)) {
                continue;
            }
            taken++;
            Attempt attempt = attempt(claimed.message());
            Instant after = clock.instant();
            ConsumerDelivery next = attempt instanceof Done done
                    ? claimed.applied(after, done.outcome() + " " + done.detail())
                    : claimed.afterFailure(((Failed) attempt).failure(), settings.retryPolicy(), after,
                            random.nextDouble());
            // A lost compare-and-set means the lease ran out and another runner took it over: it decides.
            deliveries.update(next);
        }
        return taken;
    }

    private ConsumeEventUseCase.Outcome recordFailure(InboundMessage message, ConsumerFailure failure) {
        Instant now = clock.instant();
        double jitter = random.nextDouble();
        try {
            return transactions.inTransaction(() -> writeFailure(message, failure, now, jitter));
        } catch (PersistenceFailure.AlreadyExists raced) {
            // Another listener recorded the same delivery a moment ago: add this attempt to its row.
            return transactions.inTransaction(() -> writeFailure(message, failure, now, jitter));
        }
    }

    private ConsumeEventUseCase.Outcome writeFailure(InboundMessage message, ConsumerFailure failure, Instant now,
                                                     double jitter) {
        Optional<ConsumerDelivery> known = deliveries.find(CONSUMER, message.deliveryKey());
        ConsumerDelivery next;
        if (known.isEmpty()) {
            next = ConsumerDelivery.firstFailure(CONSUMER, message, failure, settings.retryPolicy(), now, jitter);
            deliveries.insert(next);
        } else {
            next = known.get().afterFailure(failure, settings.retryPolicy(), now, jitter);
            if (!deliveries.update(next)) {
                throw new ChangedMeanwhile("the delivery changed while recording");
            }
        }
        return next.status() == DeliveryStatus.QUARANTINED ? Outcome.QUARANTINED : Outcome.RETRY_SCHEDULED;
    }

    /** Reads, checks and applies a message; never throws for anything the message or the database did. */
    private Attempt attempt(InboundMessage message) {
        ConsumedMessageCheck.Result checked = check.check(message);
        if (checked.readable() == null) {
            return Failed.permanent(checked.reason());
        }
        Readable readable = checked.readable();
        ConsumedEvent event = readable.event();
        ContentHash hash = readable.hash();
        Instant now = clock.instant();
        try {
            return applyOnce(event, hash, now);
        } catch (PersistenceFailure.AlreadyExists raced) {
            // A concurrent delivery of the same event (or grant) committed first: now the inbox or key says so.
            try {
                return applyOnce(event, hash, now);
            } catch (PersistenceFailure e) {
                return classify(e);
            }
        } catch (PersistenceFailure e) {
            return classify(e);
        } catch (IllegalArgumentException e) {
            return Failed.permanent("invariant broken: " + e.getMessage());
        }
    }

    private Attempt applyOnce(ConsumedEvent event, ContentHash hash, Instant now) {
        return transactions.inTransaction(() -> apply(event, hash, now));
    }

    private static Attempt classify(PersistenceFailure e) {
        // A definite "no" from the database (a constraint, a value it refuses) fails the same way every time.
        return e.outcomeClass() == OutcomeClass.DEFINITE ? Failed.permanent("refused by the database: " + e.getMessage())
                : new Failed(ConsumerFailure.transientFailure(e.outcomeClass(), e.getMessage()));
    }

    private Attempt apply(ConsumedEvent event, ContentHash hash, Instant now) {
        Optional<InboxEntry> seen = inbox.find(CONSUMER, event.eventId());
        if (seen.isPresent()) {
            if (!seen.get().contentHash().equals(hash)) {
                return Failed.permanent("event " + event.eventId() + " delivered again with different content"
                        + " (recorded sha256 " + seen.get().contentHash().sha256Hex() + ", now " + hash.sha256Hex()
                        + ")");
            }
            return new Done(Outcome.DUPLICATE, "already applied: " + seen.get().outcome());
        }
        String result;
        if (EventType.PaymentSucceeded.name().equals(event.eventType())) {
            Optional<String> grant = grant(event, now);
            if (grant.isEmpty()) {
                return Failed.permanent("no entitlement kind for sku " + event.sku());
            }
            result = grant.get();
        } else {
            // Failed and closed payments grant nothing; refunds revoke through their own task (not this consumer).
            result = "NO_EFFECT";
        }
        inbox.record(new InboxEntry(CONSUMER, event.eventId(), event.eventType(), event.tenantId(), hash, result, now));
        return new Done(Outcome.APPLIED, result);
    }

    /**
     * The grant of a successful payment; empty when its SKU names no entitlement kind. The payment's row is locked
     * first, so that this grant and a refund that makes the payment REFUNDED (it updates that row) happen one after
     * the other: a grant committed first is revoked by the refund's revocation task, written after it; a payment
     * already fully refunded when its (late) event arrives is not granted at all.
     */
    private Optional<String> grant(ConsumedEvent event, Instant now) {
        if (event.userId() == null || event.sku() == null) {
            throw new IllegalArgumentException("a PaymentSucceeded event without user_id or sku");
        }
        Optional<Payment> payment = payments.lockById(event.tenantId(), event.paymentId());
        if (payment.isPresent() && payment.get().status() == PaymentStatus.REFUNDED) {
            return Optional.of(NOT_GRANTED_REFUNDED);
        }
        EntitlementKey key = new EntitlementKey(event.tenantId(), event.userId(), event.sku(), event.paymentId());
        return grants.grant(key, event.eventId(), now).map(Enum::name);
    }

    private sealed interface Attempt {
    }

    private record Done(Outcome outcome, String detail) implements Attempt {
    }


    private record Failed(ConsumerFailure failure) implements Attempt {
        static Failed permanent(String reason) {
            return new Failed(ConsumerFailure.permanent(reason));
        }
    }
}
