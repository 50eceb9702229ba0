package dev.tristate.application.fakes;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.NotificationView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The notification log, outbox and review cases in memory, each able to roll back with {@link InMemoryTransactions}. */
public final class InMemoryNotificationStores {

    private InMemoryNotificationStores() {
    }

    /** A stored notification: the entry and, once completed, its completion. */
    public record StoredNotification(long id, NotificationLog.Entry entry, String dedupKey,
                                     NotificationLog.Completion completion) {
    }

    public static class Log implements NotificationLog, InMemoryTransactions.Participant {
        private List<StoredNotification> rows = new ArrayList<>();

        @Override
        public synchronized long recordFirstArrival(Entry entry) {
            String key = entry.channel() + '|' + entry.tenantId().value() + '|' + entry.notifyId();
            if (rows.stream().anyMatch(r -> key.equals(r.dedupKey()))) {
                throw new PersistenceFailure.AlreadyExists("notification " + key + " exists", null);
            }
            return add(entry, key);
        }

        @Override
        public synchronized long record(Entry entry) {
            return add(entry, null);
        }

        private long add(Entry entry, String key) {
            long id = rows.size() + 1L;
            rows.add(new StoredNotification(id, entry, key, entry.completion()));
            return id;
        }

        @Override
        public synchronized void complete(long id, Completion completion) {
            StoredNotification row = rows.get((int) id - 1);
            rows.set((int) id - 1, new StoredNotification(id, row.entry(), row.dedupKey(), completion));
        }

        @Override
        public synchronized Optional<FirstArrival> findFirstArrival(String channel, TenantId tenantId,
                                                                    String notifyId) {
            String key = channel + '|' + tenantId.value() + '|' + notifyId;
            return rows.stream().filter(r -> key.equals(r.dedupKey())).findFirst().map(r -> new FirstArrival(r.id(),
                    r.completion() == null ? r.entry().outcome() : r.completion().outcome()));
        }

        @Override
        public synchronized List<NotificationView> forPayment(TenantId tenantId, PaymentId paymentId) {
            List<NotificationView> views = new ArrayList<>();
            for (StoredNotification n : rows) {
                Entry e = n.entry();
                if (tenantId.equals(e.tenantId()) && paymentId.value().equals(e.paymentId())) {
                    Completion c = n.completion();
                    views.add(new NotificationView(n.id(), e.channel(), e.source(), e.notifyId(), e.reportedStatus(),
                            e.signatureResult(), c == null ? e.outcome() : c.outcome(),
                            c == null ? null : c.statusBefore(), c == null ? null : c.statusAfter(),
                            c == null ? e.reason() : c.reason(), e.receivedAt()));
                }
            }
            return views;
        }

        @Override
        public synchronized Map<Long, byte[]> rawBodies(TenantId tenantId, PaymentId paymentId, String source) {
            Map<Long, byte[]> bodies = new LinkedHashMap<>();
            for (StoredNotification n : rows) {
                Entry e = n.entry();
                if (tenantId.equals(e.tenantId()) && paymentId.value().equals(e.paymentId())
                        && source.equals(e.source())) {
                    bodies.put(n.id(), e.rawBody().clone());
                }
            }
            return bodies;
        }

        public synchronized List<StoredNotification> rows() {
            return List.copyOf(rows);
        }

        @Override
        public synchronized Object snapshot() {
            return new ArrayList<>(rows);
        }

        @Override
        @SuppressWarnings("unchecked")
        public synchronized void restore(Object snapshot) {
            rows = new ArrayList<>((List<StoredNotification>) snapshot);
        }
    }

    public static class Outbox implements OutboxStore, InMemoryTransactions.Participant {
        private Map<String, PaymentEvent> events = new HashMap<>();
        private List<PaymentEvent> order = new ArrayList<>();

        @Override
        public synchronized void append(List<PaymentEvent> newEvents, Instant now) {
            for (PaymentEvent event : newEvents) {
                if (events.putIfAbsent(event.eventId().toString(), event) != null) {
                    throw new PersistenceFailure.AlreadyExists("event " + event.eventId() + " exists", null);
                }
                order.add(event);
            }
        }

        public synchronized List<PaymentEvent> events() {
            return List.copyOf(order);
        }

        @Override
        public synchronized Object snapshot() {
            return List.of(new HashMap<>(events), new ArrayList<>(order));
        }

        @Override
        @SuppressWarnings("unchecked")
        public synchronized void restore(Object snapshot) {
            List<Object> parts = (List<Object>) snapshot;
            events = new HashMap<>((Map<String, PaymentEvent>) parts.get(0));
            order = new ArrayList<>((List<PaymentEvent>) parts.get(1));
        }
    }

    public static class Reviews implements ReviewCases, InMemoryTransactions.Participant {
        private List<NewCase> cases = new ArrayList<>();
        private Map<Integer, String> resolutions = new HashMap<>();

        @Override
        public synchronized void open(NewCase newCase) {
            if (newCase.paymentId() != null && all().stream().anyMatch(c -> c.open()
                    && c.tenantId().equals(newCase.tenantId()) && newCase.paymentId().value().equals(c.paymentId())
                    && c.reason() == newCase.reason())) {
                return;
            }
            if (cases.stream().anyMatch(c -> c.notificationId() == newCase.notificationId())) {
                throw new PersistenceFailure.AlreadyExists("a case for notification " + newCase.notificationId(),
                        null);
            }
            cases.add(newCase);
        }

        /** As the adapter orders them: open cases oldest first, every case newest opened first. */
        @Override
        public synchronized Page<ReviewCase> search(boolean openOnly, PageRequest page) {
            Comparator<ReviewCase> order = openOnly
                    ? Comparator.comparing(ReviewCase::createdAt).thenComparingLong(ReviewCase::id)
                    : Comparator.comparingLong(ReviewCase::id).reversed();
            List<ReviewCase> all = all().stream().filter(c -> !openOnly || c.open()).sorted(order).toList();
            return new Page<>(all.stream().skip(page.offset()).limit(page.size()).toList(), page, all.size());
        }

        @Override
        public synchronized Optional<ReviewCase> find(long caseId) {
            return all().stream().filter(c -> c.id() == caseId).findFirst();
        }

        @Override
        public synchronized List<ReviewCase> forPayment(TenantId tenantId, PaymentId paymentId) {
            return all().stream().filter(c -> c.tenantId().equals(tenantId) && paymentId.value().equals(c.paymentId()))
                    .toList();
        }

        @Override
        public synchronized long countOpen() {
            return all().stream().filter(ReviewCase::open).count();
        }

        @Override
        public synchronized boolean resolve(long caseId, String resolvedBy, String resolution, Instant at) {
            int i = (int) caseId - 1;
            if (i < 0 || i >= cases.size() || resolutions.containsKey(i)) {
                return false;
            }
            resolutions.put(i, resolvedBy + "|" + resolution + "|" + at);
            return true;
        }

        /** Case ids are 1-based positions; a resolution is kept beside its case. */
        private List<ReviewCase> all() {
            List<ReviewCase> all = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                NewCase c = cases.get(i);
                String[] r = resolutions.containsKey(i) ? resolutions.get(i).split("\\|", 3) : null;
                all.add(new ReviewCase(i + 1, c.tenantId(), c.paymentId() == null ? null : c.paymentId().value(),
                        c.notificationId(), c.reason(), c.detail(),
                        r == null, c.createdAt(), r == null ? null : r[0], r == null ? null : r[1],
                        r == null ? null : Instant.parse(r[2])));
            }
            return all;
        }

        public synchronized List<NewCase> cases() {
            return List.copyOf(cases);
        }

        @Override
        public synchronized Object snapshot() {
            return List.of(new ArrayList<>(cases), new HashMap<>(resolutions));
        }

        @Override
        @SuppressWarnings("unchecked")
        public synchronized void restore(Object snapshot) {
            List<Object> parts = (List<Object>) snapshot;
            cases = new ArrayList<>((List<NewCase>) parts.get(0));
            resolutions = new HashMap<>((Map<Integer, String>) parts.get(1));
        }
    }
}
