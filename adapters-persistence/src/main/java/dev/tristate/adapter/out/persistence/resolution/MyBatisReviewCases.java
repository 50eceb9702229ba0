package dev.tristate.adapter.out.persistence.resolution;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.audit.MyBatisAuditTrail;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.resolution.ReviewCaseMapper.CaseRow;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public class MyBatisReviewCases implements ReviewCases {

    private final ReviewCaseMapper mapper;

    public MyBatisReviewCases(ReviewCaseMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * Opens the case unless one is open for the same mismatch. The unique index on the open marker settles two
     * openings at once: the one that loses finds the winner's case with a locking read and joins it.
     */
    @Override
    public void open(NewCase c) {
        String detail = c.detail() == null || c.detail().length() <= 512 ? c.detail() : c.detail().substring(0, 512);
        String paymentId = c.paymentId() == null ? null : c.paymentId().value();
        if (paymentId != null && openFor(c, false) != null) {
            return;
        }
        try {
            translate(() -> mapper.insert(c.tenantId().value(), paymentId, c.notificationId(), c.reason().name(),
                    detail, Rows.utc(c.createdAt())));
        } catch (PersistenceFailure.AlreadyExists e) {
            if (paymentId == null || openFor(c, true) == null) {
                throw e;
            }
        }
    }

    private Long openFor(NewCase c, boolean lock) {
        return translate(() -> mapper.openFor(c.tenantId().value(), c.paymentId().value(), c.reason().name(),
                lock));
    }

    @Override
    public Page<ReviewCase> search(boolean openOnly, PageRequest page) {
        return translate(() -> new Page<>(mapper.search(openOnly, page.size(), page.offset()).stream()
                .map(MyBatisReviewCases::toDomain).toList(), page, mapper.count(openOnly)));
    }

    @Override
    public Optional<ReviewCase> find(long caseId) {
        return translate(() -> Optional.ofNullable(mapper.find(caseId))).map(MyBatisReviewCases::toDomain);
    }

    @Override
    public List<ReviewCase> forPayment(TenantId tenantId, PaymentId paymentId) {
        return translate(() -> mapper.forPayment(tenantId.value(), paymentId.value())).stream()
                .map(MyBatisReviewCases::toDomain).toList();
    }

    @Override
    public long countOpen() {
        return translate(() -> mapper.count(true));
    }

    @Override
    public boolean resolve(long caseId, String resolvedBy, String resolution, Instant at) {
        return translate(() -> mapper.resolve(caseId, resolvedBy, MyBatisAuditTrail.clip(resolution, 512),
                Rows.utc(at))) == 1;
    }

    private static ReviewCase toDomain(CaseRow row) {
        return new ReviewCase(row.id, new TenantId(row.tenantId), row.paymentId, row.notificationId,
                AnomalyReason.valueOf(row.reason), row.detail, "OPEN".equals(row.status), Rows.instant(row.createdAt),
                row.resolvedBy, row.resolution, Rows.instant(row.resolvedAt));
    }
}
