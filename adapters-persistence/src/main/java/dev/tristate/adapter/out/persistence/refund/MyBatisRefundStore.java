package dev.tristate.adapter.out.persistence.refund;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.refund.RefundMapper.RefundRow;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Refunds on MyBatis; every status change conditional on the status it leaves. */
public class MyBatisRefundStore implements RefundStore {

    private final RefundMapper mapper;

    /** The domain's sets, bound into the statements that select or settle by them. */
    private static final List<String> OPEN = RefundStatus.open().stream().map(Enum::name).toList();
    private static final List<String> ACTIVE_CASES = ResolutionStatus.active().stream().map(Enum::name).toList();

    public MyBatisRefundStore(RefundMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void insert(Refund refund) {
        translate(() -> mapper.insert(toRow(refund)));
    }

    @Override
    public Optional<Refund> find(TenantId tenantId, RefundId refundId) {
        return translate(() -> Optional.ofNullable(mapper.find(tenantId.value(), refundId.value())))
                .map(MyBatisRefundStore::toRefund);
    }

    @Override
    public List<Refund> findByPayment(TenantId tenantId, PaymentId paymentId) {
        return translate(() -> mapper.findByPayment(tenantId.value(), paymentId.value())).stream()
                .map(MyBatisRefundStore::toRefund).toList();
    }

    @Override
    public List<Refund> findOpen(TenantId tenantId, int limit) {
        return translate(() -> mapper.findOpen(tenantId == null ? null : tenantId.value(), limit,
                OPEN)).stream()
                .map(MyBatisRefundStore::toRefund).toList();
    }

    @Override
    public OpenRefunds countOpen() {
        long pending = 0;
        long unknown = 0;
        for (Map<String, Object> row : translate(() -> mapper.countOpen(OPEN))) {
            Map<String, Object> r = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            r.putAll(row);
            long n = ((Number) r.get("n")).longValue();
            if (RefundStatus.PENDING.name().equals(r.get("status"))) {
                pending = n;
            } else if (RefundStatus.UNKNOWN.name().equals(r.get("status"))) {
                unknown = n;
            }
        }
        return new OpenRefunds(pending, unknown);
    }

    @Override
    public long heldMinor(TenantId tenantId, PaymentId paymentId) {
        Long held = translate(() -> mapper.heldMinor(tenantId.value(), paymentId.value(), OPEN));
        return held == null ? 0 : held;
    }

    @Override
    public boolean markSucceeded(Refund refund, String channelRefundNo, Instant now) {
        return settle(refund, RefundStatus.SUCCEEDED, channelRefundNo, null, now);
    }

    @Override
    public boolean markFailed(Refund refund, String failureReason, Instant now) {
        String reason = failureReason.length() > 512 ? failureReason.substring(0, 512) : failureReason;
        return settle(refund, RefundStatus.FAILED, null, reason, now);
    }

    @Override
    public boolean markUnknown(Refund refund, Instant now) {
        return translate(() -> mapper.markUnknown(refund.tenantId().value(), refund.id().value(), Rows.utc(now))) == 1;
    }

    @Override
    public boolean keepAnswer(Refund refund, ChannelWords answer) {
        return translate(() -> mapper.keepAnswer(refund.tenantId().value(), refund.id().value(), answer.text(),
                answer.length(), Rows.utc(answer.receivedAt()))) == 1;
    }

    @Override
    public List<ResolutionCases.Candidate> findStale(Instant staleBefore, int limit) {
        return translate(() -> mapper.findStale(Rows.utc(staleBefore), limit, OPEN, ACTIVE_CASES)).stream()
                .map(r -> new ResolutionCases.Candidate(new TenantId(r.tenantId), new RefundId(r.refundId), r.channel))
                .toList();
    }

    @Override
    public Optional<Refund> findByChannelRefundNo(TenantId tenantId, String channel, String channelRefundNo) {
        return translate(() -> Optional.ofNullable(mapper.findByChannelRefundNo(tenantId.value(), channel,
                channelRefundNo))).map(MyBatisRefundStore::toRefund);
    }

    @Override
    public List<Refund> findSucceeded(TenantId tenantId, String channel, Instant from, Instant to) {
        return translate(() -> mapper.findSucceeded(tenantId.value(), channel, Rows.utc(from), Rows.utc(to)))
                .stream().map(MyBatisRefundStore::toRefund).toList();
    }

    private boolean settle(Refund refund, RefundStatus status, String channelRefundNo, String failureReason,
                           Instant now) {
        return translate(() -> mapper.settle(refund.tenantId().value(), refund.id().value(), status.name(),
                channelRefundNo, failureReason, Rows.utc(now), OPEN)) == 1;
    }

    private static RefundRow toRow(Refund refund) {
        RefundRow row = new RefundRow();
        row.id = refund.id().value();
        row.tenantId = refund.tenantId().value();
        row.paymentId = refund.paymentId().value();
        row.channel = refund.channel();
        row.amountMinor = refund.amount().minor();
        row.currency = refund.amount().currencyCode();
        row.reason = refund.reason();
        row.status = refund.status().name();
        row.channelRefundNo = refund.channelRefundNo();
        row.failureReason = refund.failureReason();
        row.createdAt = Rows.utc(refund.createdAt());
        row.updatedAt = Rows.utc(refund.updatedAt());
        if (refund.lastAnswer() != null) {
            row.lastChannelAnswer = refund.lastAnswer().text();
            row.lastChannelAnswerLength = refund.lastAnswer().length();
            row.lastAnsweredAt = Rows.utc(refund.lastAnswer().receivedAt());
        }
        return row;
    }

    private static Refund toRefund(RefundRow row) {
        return new Refund(new RefundId(row.id), new TenantId(row.tenantId), new PaymentId(row.paymentId), row.channel,
                Money.of(row.amountMinor, row.currency), row.reason, RefundStatus.valueOf(row.status),
                row.channelRefundNo, row.failureReason, Rows.instant(row.createdAt), Rows.instant(row.updatedAt),
                lastAnswer(row));
    }

    /** None until the channel first answered; the three columns are written together. */
    private static ChannelWords lastAnswer(RefundRow row) {
        if (row.lastAnsweredAt == null) {
            return null;
        }
        String text = row.lastChannelAnswer == null ? "" : row.lastChannelAnswer;
        return new ChannelWords(text, row.lastChannelAnswerLength == null ? text.length()
                : row.lastChannelAnswerLength, Rows.instant(row.lastAnsweredAt));
    }
}
