package dev.tristate.application.consumer.service;

import static dev.tristate.application.consumer.service.EntitlementsConsumerService.CONSUMER;
import static dev.tristate.application.consumer.service.EntitlementsConsumerService.NOT_GRANTED_REFUNDED;

import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.Outcome;
import dev.tristate.application.consumer.port.out.EventPayloadReader.ConsumedEvent;
import dev.tristate.application.consumer.port.out.Inbox.InboxEntry;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.service.ConsumedMessageCheck.Readable;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * One message read, checked and applied in a transaction of its own, its inbox row with its grant: what the consumer
 * does with a message that arrives alone or out of a batch that could not commit, and what a retry of a recorded
 * delivery does again. Its counterpart for a whole batch in one transaction is {@link BatchApplication}. Separate
 * from {@link EntitlementsConsumerService} and {@link DeliveryRetries}, which decide what an attempt's result means
 * for the broker's message and for the delivery's row: this is the attempt alone.
 */
final class SingleApplication {

    /** What one attempt at a message came to. */
    sealed interface Attempt {
    }

    record Done(Outcome outcome, String detail) implements Attempt {
    }

    record Failed(ConsumerFailure failure) implements Attempt {
        static Failed permanent(String reason) {
            return new Failed(ConsumerFailure.permanent(reason));
        }
    }

    private final ConsumedMessageCheck check;
    private final Inbox inbox;
    private final PaymentRepository payments;
    private final EntitlementGrants grants;
    private final Transactions transactions;
    private final Clock clock;

    SingleApplication(ConsumedMessageCheck check, Inbox inbox, PaymentRepository payments, EntitlementGrants grants,
                      Transactions transactions, Clock clock) {
        this.check = check;
        this.inbox = inbox;
        this.payments = payments;
        this.grants = grants;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Reads, checks and applies a message; never throws for anything the message or the database did. */
    Attempt attempt(InboundMessage message) {
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
        return e.outcomeClass() == OutcomeClass.DEFINITE
                ? Failed.permanent("refused by the database: " + e.getMessage())
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
}
