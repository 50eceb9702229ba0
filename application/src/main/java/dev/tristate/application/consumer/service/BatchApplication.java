package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.Outcome;
import dev.tristate.application.consumer.port.in.GrantEntitlementUseCase.Granted;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.EventPayloadReader.ConsumedEvent;
import dev.tristate.application.consumer.port.out.Inbox.InboxEntry;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.ConsumedMessageCheck.Readable;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A batch of readable deliveries applied inside the caller's transaction with a fixed number of statements, whatever
 * its size: one read of the inbox rows, one lock of the payments per tenant, one read of the grants, and one
 * multi-row insert each for the new grants, their tasks and the inbox rows. Each delivery is decided exactly as
 * {@link EntitlementsConsumerService} decides a single one, in the batch's order, and a delivery sees what the
 * deliveries before it in the batch decided (the same event twice, the same purchase under two events).
 *
 * <p>Memberships and token credits change a per-user row that two grants of one batch may both change, so they keep
 * {@link EntitlementGrants}' statements, one grant after the other; course access, the usual purchase, is only
 * inserted.
 *
 * <p>Whatever would make one delivery fail (a body that differs from the recorded one, a SKU of no known kind, an
 * event without user or SKU) refuses the whole batch with {@link Refused}; the caller rolls it back and takes the
 * deliveries one by one, so that only the bad one is quarantined.
 */
final class BatchApplication {

    /** A delivery of the batch would not apply: the batch must be rolled back and taken delivery by delivery. */
    static final class Refused extends RuntimeException {
        Refused() {
            super("a message of the batch does not apply", null, false, false);
        }
    }

    /** What applying a delivery did, as the inbox and the listener's counters record it. */
    record Applied(Outcome outcome, String detail) {
    }

    private final String consumer;
    private final Inbox inbox;
    private final PaymentRepository payments;
    private final EntitlementStore entitlements;
    private final TaskStore tasks;
    private final EntitlementGrants grants;

    BatchApplication(String consumer, Inbox inbox, PaymentRepository payments, EntitlementStore entitlements,
                     TaskStore tasks, EntitlementGrants grants) {
        this.consumer = consumer;
        this.inbox = inbox;
        this.payments = payments;
        this.entitlements = entitlements;
        this.tasks = tasks;
        this.grants = grants;
    }

    /** Applies the batch in its order; must run inside a unit of work. */
    Map<Readable, Applied> apply(List<Readable> batch, Instant now) {
        Map<EventId, InboxEntry> recorded = new HashMap<>(
                inbox.findAll(consumer, batch.stream().map(r -> r.event().eventId()).toList()));
        List<ConsumedEvent> purchases = new ArrayList<>();
        // Each purchase's kind, read once from its SKU (a regular expression match) for both passes below.
        Map<ConsumedEvent, EntitlementKind> kinds = new IdentityHashMap<>();
        for (Readable r : batch) {
            ConsumedEvent event = r.event();
            if (!recorded.containsKey(event.eventId()) && isPurchase(event)) {
                Optional<EntitlementKind> kind = EntitlementKind.of(event.sku());
                if (event.userId() == null || kind.isEmpty()) {
                    throw new Refused();
                }
                purchases.add(event);
                kinds.put(event, kind.get());
            }
        }
        Map<TenantId, Map<PaymentId, PaymentStatus>> locked = lockPayments(purchases);
        Set<EntitlementKey> granted = new HashSet<>(entitlements.grantedKeys(
                purchases.stream().map(BatchApplication::keyOf).toList()));

        List<Entitlement> newGrants = new ArrayList<>();
        List<Task> newTasks = new ArrayList<>();
        List<InboxEntry> newEntries = new ArrayList<>();
        Map<Readable, Applied> applied = new IdentityHashMap<>();
        for (Readable r : batch) {
            ConsumedEvent event = r.event();
            InboxEntry prior = recorded.get(event.eventId());
            if (prior != null) {
                if (!prior.contentHash().equals(r.hash())) {
                    throw new Refused();
                }
                applied.put(r, new Applied(Outcome.DUPLICATE, "already applied: " + prior.outcome()));
                continue;
            }
            String result = "NO_EFFECT";
            if (isPurchase(event)) {
                PaymentStatus status = locked.getOrDefault(event.tenantId(), Map.of()).get(event.paymentId());
                EntitlementKey key = keyOf(event);
                if (status == PaymentStatus.REFUNDED) {
                    result = EntitlementsConsumerService.NOT_GRANTED_REFUNDED;
                } else if (!granted.add(key)) {
                    result = Granted.ALREADY_GRANTED.name();
                } else if (kinds.get(event) instanceof EntitlementKind.CourseAccess kind) {
                    newGrants.add(Entitlement.grant(key, kind, event.eventId(), now, null));
                    newTasks.add(Task.entitlementGranted(key, now));
                    result = Granted.GRANTED.name();
                } else {
                    result = grants.grant(key, event.eventId(), now).orElseThrow().name();
                }
            }
            InboxEntry entry = new InboxEntry(consumer, event.eventId(), event.eventType(), event.tenantId(), r.hash(),
                    result, now);
            recorded.put(event.eventId(), entry);
            newEntries.add(entry);
            applied.put(r, new Applied(Outcome.APPLIED, result));
        }
        entitlements.insertAll(newGrants);
        tasks.insertAll(newTasks);
        inbox.recordAll(newEntries);
        return applied;
    }

    /**
     * The purchases' payments, locked tenant by tenant and by payment id within each: every batch locks in this one
     * order, so two consumers' batches never wait for each other in a cycle.
     */
    private Map<TenantId, Map<PaymentId, PaymentStatus>> lockPayments(List<ConsumedEvent> purchases) {
        Map<TenantId, SortedSet<PaymentId>> byTenant = new TreeMap<>(Comparator.comparing(TenantId::value));
        for (ConsumedEvent event : purchases) {
            byTenant.computeIfAbsent(event.tenantId(), t -> new TreeSet<>(Comparator.comparing(PaymentId::value)))
                    .add(event.paymentId());
        }
        Map<TenantId, Map<PaymentId, PaymentStatus>> locked = new HashMap<>();
        byTenant.forEach((tenant, ids) -> locked.put(tenant, payments.lockStatuses(tenant, ids)));
        return locked;
    }

    private static boolean isPurchase(ConsumedEvent event) {
        return EventType.PaymentSucceeded.name().equals(event.eventType());
    }

    private static EntitlementKey keyOf(ConsumedEvent event) {
        return new EntitlementKey(event.tenantId(), event.userId(), event.sku(), event.paymentId());
    }
}
