package dev.tristate.adapter.out.persistence.callback;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.callback.NotificationMapper.NotificationRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.domain.console.NotificationView;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class MyBatisNotificationLog implements NotificationLog {

    private static final int REASON_MAX = 512;

    private final NotificationMapper mapper;
    private final CallbackStatements statements;

    public MyBatisNotificationLog(NotificationMapper mapper, CallbackStatements statements) {
        this.mapper = mapper;
        this.statements = statements;
    }

    static String dedupKey(String channel, TenantId tenantId, String notifyId) {
        return channel + '|' + tenantId.value() + '|' + notifyId;
    }

    /** On every callback: plain JDBC (CallbackStatements), not the mapper. */
    @Override
    public long recordFirstArrival(Entry entry) {
        NotificationRow row = toRow(entry);
        row.dedupKey = dedupKey(entry.channel(), entry.tenantId(), entry.notifyId());
        return translate(() -> statements.insertNotification(row));
    }

    @Override
    public long record(Entry entry) {
        NotificationRow row = toRow(entry);
        translate(() -> mapper.insert(row));
        return row.id;
    }

    /** On every callback: plain JDBC (CallbackStatements), not the mapper. */
    @Override
    public void complete(long id, Completion c) {
        translate(() -> statements.completeNotification(id, c.outcome().name(), name(c.statusBefore()),
                name(c.statusAfter()), clip(c.reason()), c.answerStatus(), clip(c.answerBody()), c.handlingMicros()));
    }

    @Override
    public Optional<FirstArrival> findFirstArrival(String channel, TenantId tenantId, String notifyId) {
        return translate(() -> Optional.ofNullable(mapper.findByDedupKey(dedupKey(channel, tenantId, notifyId))))
                .map(row -> new FirstArrival(row.id, NotificationOutcome.valueOf(row.outcome)));
    }

    @Override
    public List<NotificationView> forPayment(TenantId tenantId, PaymentId paymentId) {
        return translate(() -> mapper.forPayment(tenantId.value(), paymentId.value())).stream()
                .map(r -> new NotificationView(r.id, r.channel, r.source, r.notifyId, r.reportedStatus,
                        SignatureResult.valueOf(r.signatureResult), NotificationOutcome.valueOf(r.outcome),
                        r.statusBefore == null ? null : PaymentStatus.valueOf(r.statusBefore),
                        r.statusAfter == null ? null : PaymentStatus.valueOf(r.statusAfter), r.reason,
                        Rows.instant(r.receivedAt)))
                .toList();
    }

    @Override
    public Map<Long, byte[]> rawBodies(TenantId tenantId, PaymentId paymentId, String source) {
        Map<Long, byte[]> bodies = new LinkedHashMap<>();
        for (NotificationRow r : translate(() -> mapper.rawBodies(tenantId.value(), paymentId.value(), source))) {
            bodies.put(r.id, r.rawBody);
        }
        return bodies;
    }

    private static NotificationRow toRow(Entry e) {
        NotificationRow row = new NotificationRow();
        row.channel = clip(e.channel(), 32);
        row.source = e.source();
        row.tenantId = e.tenantId() == null ? null : e.tenantId().value();
        row.notifyId = clip(e.notifyId(), 128);
        row.duplicateOf = e.duplicateOf();
        row.paymentId = clip(e.paymentId(), 64);
        row.tradeNo = clip(e.tradeNo(), 64);
        row.reportedStatus = clip(e.reportedStatus(), 16);
        row.reportedAmountMinor = e.reportedAmountMinor();
        row.reportedCurrency = e.reportedCurrency();
        row.traceId = clip(e.traceId(), 64);
        row.signatureResult = e.signatureResult().name();
        row.outcome = e.outcome().name();
        row.reason = clip(e.reason());
        row.headers = e.headers();
        row.rawBody = e.rawBody();
        row.receivedAt = Rows.utc(e.receivedAt());
        if (e.completion() != null) {
            Completion c = e.completion();
            row.outcome = c.outcome().name();
            row.statusBefore = name(c.statusBefore());
            row.statusAfter = name(c.statusAfter());
            row.reason = clip(c.reason() != null ? c.reason() : e.reason());
            row.answerStatus = c.answerStatus();
            row.answerBody = clip(c.answerBody());
            row.handlingMicros = c.handlingMicros();
        }
        return row;
    }

    private static String name(Enum<?> e) {
        return e == null ? null : e.name();
    }

    private static String clip(String s) {
        return clip(s, REASON_MAX);
    }

    /** Whatever a channel sends is stored, cut to the column; the raw body keeps the whole of it. */
    private static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
