package dev.tristate.application.fakes;

import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The unknown-outcome ledger in memory, held to {@code UnknownOutcomeLedgerContract}. */
public class InMemoryUnknownOutcomeLedger implements UnknownOutcomeLedger, InMemoryTransactions.Participant {

    private List<Entry> rows = new ArrayList<>();

    @Override
    public synchronized long record(NewEntry e) {
        long id = rows.size() + 1L;
        rows.add(new Entry(id, e.tenantId(), e.paymentId(), e.channel(), e.origin(), e.reference(), e.detail(),
                e.occurredAt(), null, null));
        return id;
    }

    @Override
    public synchronized int resolve(TenantId tenantId, PaymentOrRefundId paymentId, String resolution, Instant resolvedAt) {
        int count = 0;
        for (int i = 0; i < rows.size(); i++) {
            Entry e = rows.get(i);
            if (e.open() && e.tenantId().equals(tenantId) && e.paymentId().equals(paymentId)) {
                rows.set(i, new Entry(e.id(), e.tenantId(), e.paymentId(), e.channel(), e.origin(), e.reference(),
                        e.detail(), e.occurredAt(), resolvedAt,
                        resolution.length() <= 512 ? resolution : resolution.substring(0, 509) + "..."));
                count++;
            }
        }
        return count;
    }

    @Override
    public synchronized List<Entry> forPayment(TenantId tenantId, PaymentOrRefundId paymentId) {
        return rows.stream().filter(e -> e.tenantId().equals(tenantId) && e.paymentId().equals(paymentId)).toList();
    }

    @Override
    public synchronized List<Entry> recent(TenantId tenantIdOrNull, boolean openOnly, int limit) {
        return rows.stream()
                .filter(e -> tenantIdOrNull == null || e.tenantId().equals(tenantIdOrNull))
                .filter(e -> !openOnly || e.open())
                .sorted(Comparator.comparing(Entry::occurredAt).thenComparing(Entry::id).reversed())
                .limit(limit).toList();
    }

    public synchronized List<Entry> rows() {
        return List.copyOf(rows);
    }

    @Override
    public synchronized Object snapshot() {
        return new ArrayList<>(rows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        rows = new ArrayList<>((List<Entry>) snapshot);
    }
}
