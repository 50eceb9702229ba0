package dev.tristate.benchmark.faults;

import dev.tristate.benchmark.faults.FaultSnapshot.Entitlement;
import dev.tristate.benchmark.faults.FaultSnapshot.Notification;
import dev.tristate.benchmark.faults.FaultSnapshot.OutboxEvent;
import dev.tristate.benchmark.faults.FaultSnapshot.Payment;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The invariants of docs/design.md, judged on a {@link FaultSnapshot} against what the load was told (the payments
 * the merchant API answered, the notifications answered success). Every finding is one of four kinds:
 * <ul>
 *   <li><b>lost</b>: something acknowledged is not in the database (a notification, a payment, its success, its
 *       outbox event, tokens owed by the ledger);</li>
 *   <li><b>doubled</b>: one fact taken twice (two transitions to one outcome, two outbox rows for one payment and
 *       event type, two inbox rows for one event, two entitlements for one business key, more tokens than paid
 *       for);</li>
 *   <li><b>stuck</b>: work not finished and not quarantined (an outbox event PENDING, a delivery RETRYING, a task
 *       PENDING, an unresolved unknown outcome, a payment UNKNOWN, a sent success without its grant);</li>
 *   <li><b>quarantined</b>: set aside for a person (allowed by invariant I5, but a finding under transient
 *       faults).</li>
 * </ul>
 */
public final class FaultInvariants {

    /** The verdict: counts per kind and one line per finding. */
    public record Verdict(List<String> lost, List<String> doubled, List<String> stuck, List<String> quarantined) {

        public boolean holds() {
            return lost.isEmpty() && doubled.isEmpty() && stuck.isEmpty() && quarantined.isEmpty();
        }

        /** Whether there is nothing left to wait for: no stuck work (lost and doubled do not heal by waiting). */
        public boolean drained() {
            return stuck.isEmpty();
        }

        /** The same verdict with one more stuck finding (one the database cannot show, e.g. the broker's). */
        public Verdict withStuck(String finding) {
            List<String> more = new ArrayList<>(stuck);
            more.add(finding);
            return new Verdict(lost, doubled, List.copyOf(more), quarantined);
        }

        public List<String> findings() {
            List<String> all = new ArrayList<>();
            lost.forEach(f -> all.add("lost: " + f));
            doubled.forEach(f -> all.add("doubled: " + f));
            stuck.forEach(f -> all.add("stuck: " + f));
            quarantined.forEach(f -> all.add("quarantined: " + f));
            return all;
        }
    }

    /** Notification outcomes the sandbox answers with success: what was durably recorded (docs/callbacks.md). */
    static final Set<String> RECORDED = Set.of("APPLIED", "DUPLICATE", "STALE", "HELD_FOR_REVIEW", "ACKNOWLEDGED");

    private static final String SUCCEEDED = "SUCCEEDED";
    private static final String PAYMENT_SUCCEEDED = "PaymentSucceeded";

    private FaultInvariants() {
    }

    public static Verdict check(FaultSnapshot s, Collection<FaultLoad.Created> created,
                                Collection<FaultLoad.Acknowledged> acknowledged) {
        List<String> lost = new ArrayList<>();
        List<String> doubled = new ArrayList<>();
        List<String> stuck = new ArrayList<>();
        List<String> quarantined = new ArrayList<>();
        Map<String, Payment> payments = index(s.payments(), Payment::id);

        // None lost: every payment the merchant API answered, every notification answered success.
        for (FaultLoad.Created c : created) {
            if (!payments.containsKey(c.paymentId())) {
                lost.add("payment " + c.paymentId() + " was answered to the merchant but is not in payments");
            }
        }
        Map<String, List<Notification>> byNotifyId = s.notifications().stream()
                .filter(n -> n.notifyId() != null).collect(Collectors.groupingBy(Notification::notifyId));
        for (FaultLoad.Acknowledged a : acknowledged) {
            List<Notification> rows = byNotifyId.getOrDefault(a.notifyId(), List.of());
            if (rows.stream().noneMatch(n -> RECORDED.contains(n.outcome()))) {
                lost.add("notification " + a.notifyId() + " was answered success but no recorded arrival of it"
                        + " is in channel_notifications");
            }
            Payment p = payments.get(a.paymentId());
            if (p == null || !isPaid(p.status())) {
                lost.add("payment " + a.paymentId() + " had its success acknowledged but is "
                        + (p == null ? "missing" : p.status()));
            }
        }

        // One transition per payment outcome.
        Map<String, Long> transitions = s.notifications().stream()
                .filter(n -> "APPLIED".equals(n.outcome()) && n.paymentId() != null)
                .collect(Collectors.groupingBy(n -> n.paymentId() + " -> " + n.statusAfter(),
                        TreeMap::new, Collectors.counting()));
        transitions.forEach((key, n) -> {
            if (n > 1) {
                doubled.add("payment " + key + " applied " + n + " times");
            }
        });

        // One outbox row per (payment, event type), and one for every success.
        Map<String, Long> events = s.outbox().stream().filter(e -> !"RefundSucceeded".equals(e.eventType()))
                .collect(Collectors.groupingBy(e -> e.aggregateId() + " " + e.eventType(), TreeMap::new,
                        Collectors.counting()));
        events.forEach((key, n) -> {
            if (n > 1) {
                doubled.add("outbox holds " + n + " rows for " + key);
            }
        });
        Map<String, OutboxEvent> successEvents = new HashMap<>();
        for (OutboxEvent e : s.outbox()) {
            if (PAYMENT_SUCCEEDED.equals(e.eventType())) {
                successEvents.put(e.aggregateId(), e);
            }
        }
        for (Payment p : s.payments()) {
            if (isPaid(p.status()) && !successEvents.containsKey(p.id())) {
                lost.add("payment " + p.id() + " is " + p.status() + " without its " + PAYMENT_SUCCEEDED
                        + " outbox event");
            }
        }

        // Every outbox event SENT or QUARANTINED (or DISCARDED by an operator).
        for (OutboxEvent e : s.outbox()) {
            switch (e.status()) {
                case "SENT", "DISCARDED" -> { }
                case "QUARANTINED" -> quarantined.add("outbox event " + e.eventId() + " (" + e.eventType() + " of "
                        + e.aggregateId() + ")");
                default -> stuck.add("outbox event " + e.eventId() + " (" + e.eventType() + " of " + e.aggregateId()
                        + ") is " + e.status());
            }
        }

        // One inbox row per (consumer, event); deliveries and tasks finished or quarantined.
        countDuplicates(s.inbox(), r -> r.consumer() + " " + r.eventId(), "inbox rows for", doubled);
        for (FaultSnapshot.Delivery d : s.deliveries()) {
            if ("QUARANTINED".equals(d.status())) {
                quarantined.add("delivery " + d.deliveryKey() + " of " + d.consumer());
            } else if ("RETRYING".equals(d.status())) {
                stuck.add("delivery " + d.deliveryKey() + " of " + d.consumer() + " is RETRYING");
            }
        }
        for (FaultSnapshot.Task t : s.tasks()) {
            if ("QUARANTINED".equals(t.status())) {
                quarantined.add("task " + t.taskKey());
            } else if ("PENDING".equals(t.status())) {
                stuck.add("task " + t.taskKey() + " is PENDING");
            }
        }

        // One entitlement per business key, and per payment.
        countDuplicates(s.entitlements(), e -> e.userId() + " " + e.sku() + " " + e.paymentId(),
                "entitlements for business key", doubled);
        Map<String, List<Entitlement>> grants = s.entitlements().stream()
                .collect(Collectors.groupingBy(Entitlement::paymentId));
        grants.forEach((payment, rows) -> {
            if (rows.stream().map(e -> e.userId() + " " + e.sku()).distinct().count() > 1) {
                doubled.add("payment " + payment + " has " + rows.size() + " entitlements under different keys");
            }
        });
        Set<String> quarantinedPayments = new HashSet<>();
        s.outbox().stream().filter(e -> "QUARANTINED".equals(e.status()))
                .forEach(e -> quarantinedPayments.add(e.aggregateId()));
        for (Payment p : s.payments()) {
            OutboxEvent event = successEvents.get(p.id());
            if (isPaid(p.status()) && event != null && "SENT".equals(event.status()) && !grants.containsKey(p.id())) {
                stuck.add("payment " + p.id() + " is " + p.status() + ", its event SENT, but it has no entitlement");
            }
            if ("UNKNOWN".equals(p.status())) {
                stuck.add("payment " + p.id() + " is UNKNOWN");
            }
        }
        for (FaultSnapshot.Unknown u : s.unknowns()) {
            if (!u.resolved()) {
                stuck.add("unknown outcome of payment " + u.paymentId() + " is unresolved");
            }
        }

        // Token balances equal their ledgers, and the ledgers what was paid for (tokens:N of each paid payment).
        Map<String, Long> owed = new TreeMap<>();
        for (Payment p : s.payments()) {
            if (isPaid(p.status()) && p.sku().startsWith("tokens:") && !quarantinedPayments.contains(p.id())) {
                owed.merge(p.userId(), Long.parseLong(p.sku().substring("tokens:".length())), Long::sum);
            }
        }
        Map<String, Long> ledger = new TreeMap<>();
        s.ledger().forEach(l -> ledger.merge(l.userId(), l.delta(), Long::sum));
        Map<String, Long> balances = new TreeMap<>();
        s.balances().forEach(b -> balances.put(b.userId(), b.balance()));
        Set<String> users = new TreeSet<>(owed.keySet());
        users.addAll(ledger.keySet());
        users.addAll(balances.keySet());
        for (String user : new TreeSet<>(users)) {
            long balance = balances.getOrDefault(user, 0L);
            long sum = ledger.getOrDefault(user, 0L);
            long due = owed.getOrDefault(user, 0L);
            if (balance != sum) {
                (balance > sum ? doubled : lost).add("user " + user + " has a token balance of " + balance
                        + " but a ledger of " + sum);
            }
            if (sum > due) {
                doubled.add("user " + user + " was granted " + sum + " tokens for payments worth " + due);
            } else if (sum < due) {
                stuck.add("user " + user + " was granted " + sum + " tokens of the " + due + " paid for");
            }
        }
        return new Verdict(List.copyOf(lost), List.copyOf(doubled), List.copyOf(stuck), List.copyOf(quarantined));
    }

    /** A payment whose success was taken: SUCCEEDED or refunded after it. */
    private static boolean isPaid(String status) {
        return SUCCEEDED.equals(status) || "PARTIALLY_REFUNDED".equals(status) || "REFUNDED".equals(status);
    }

    private static <T> Map<String, T> index(List<T> rows, Function<T, String> key) {
        Map<String, T> map = new HashMap<>();
        rows.forEach(r -> map.put(key.apply(r), r));
        return map;
    }

    private static <T> void countDuplicates(List<T> rows, Function<T, String> key, String what, List<String> into) {
        rows.stream().collect(Collectors.groupingBy(key, TreeMap::new, Collectors.counting())).forEach((k, n) -> {
            if (n > 1) {
                into.add(n + " " + what + " " + k);
            }
        });
    }
}
