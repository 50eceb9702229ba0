package dev.tristate.adapter.out.persistence.resolution;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Columns;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.resolution.ResolutionCaseMapper.AttemptRow;
import dev.tristate.adapter.out.persistence.resolution.ResolutionCaseMapper.CaseRow;
import dev.tristate.adapter.out.persistence.resolution.ResolutionCaseMapper.StatusCountRow;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The resolver's cases on {@code payment_resolutions}; see the mapper XML for how a lease is taken. */
public class MyBatisResolutionCases implements ResolutionCases {

    /** The domain's sets, bound into the sweep for stale payments. */
    private static final List<String> UNRESOLVED = PaymentStatus.unresolved().stream().map(Enum::name).toList();
    private static final List<String> ACTIVE_CASES = ResolutionStatus.active().stream().map(Enum::name).toList();

    private final ResolutionCaseMapper mapper;

    public MyBatisResolutionCases(ResolutionCaseMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public boolean open(TenantId tenantId, PaymentOrRefundId paymentId, String channel, String reason, Instant dueAt) {
        // Two rounds: an insert that loses to a concurrent insert reads the row that won and decides again.
        for (int round = 0; round < 2; round++) {
            CaseRow existing = translate(() -> mapper.find(paymentId.value()));
            if (existing == null) {
                CaseRow row = new CaseRow();
                row.paymentId = paymentId.value();
                row.tenantId = tenantId.value();
                row.channel = channel;
                row.reason = Columns.clip(reason, 64);
                row.nextAttemptAt = Rows.utc(dueAt);
                row.openedAt = Rows.utc(dueAt);
                row.updatedAt = Rows.utc(dueAt);
                try {
                    translate(() -> mapper.insert(row));
                    return true;
                } catch (PersistenceFailure.AlreadyExists raced) {
                    continue;
                }
            }
            if (!existing.tenantId.equals(tenantId.value())) {
                throw new IllegalArgumentException("payment " + paymentId + " has a case of another tenant");
            }
            switch (ResolutionStatus.valueOf(existing.status)) {
                case FLAGGED -> {
                    return false;
                }
                case RESOLVED -> {
                    if (translate(() -> mapper.reopen(tenantId.value(), paymentId.value(), Columns.clip(reason, 64),
                            Rows.utc(dueAt))) == 1) {
                        return true;
                    }
                }
                case OPEN -> {
                    translate(() -> mapper.bringForward(tenantId.value(), paymentId.value(), Rows.utc(dueAt)));
                    return true;
                }
            }
        }
        throw new PersistenceFailure(OutcomeClass.RETRYABLE,
                "the case of payment " + paymentId + " kept changing", null);
    }

    @Override
    public List<Candidate> findStalePayments(Instant staleBefore, int limit) {
        return translate(() -> mapper.findStalePayments(Rows.utc(staleBefore), limit, UNRESOLVED,
                ACTIVE_CASES)).stream()
                .map(r -> new Candidate(new TenantId(r.tenantId), PaymentOrRefundId.of(r.paymentId), r.channel))
                .toList();
    }

    @Override
    public List<ClaimedCase> claim(Collection<String> channels, int limit, LeaseToken lease, Instant now,
                                   Instant leaseUntil) {
        if (channels.isEmpty()) {
            return List.of();
        }
        return translate(() -> {
            List<ClaimedCase> claimed = new ArrayList<>();
            for (String paymentId : mapper.findDue(channels, Rows.utc(now), limit)) {
                if (mapper.lease(paymentId, lease.toString(), Rows.utc(now), Rows.utc(leaseUntil)) == 1) {
                    claimed.add(toClaimed(mapper.find(paymentId)));
                }
            }
            return claimed;
        });
    }

    @Override
    public Optional<ClaimedCase> claimNow(TenantId tenantId, PaymentOrRefundId paymentId, LeaseToken lease, Instant now,
                                          Instant leaseUntil) {
        return translate(() -> mapper.leaseNow(tenantId.value(), paymentId.value(), lease.toString(), Rows.utc(now),
                Rows.utc(leaseUntil)) == 1 ? Optional.of(toClaimed(mapper.find(paymentId.value())))
                : Optional.empty());
    }

    @Override
    public boolean complete(PaymentOrRefundId paymentId, LeaseToken lease, Completion c) {
        Instant next = c.status() == ResolutionStatus.OPEN ? c.nextAttemptAt() : c.at();
        return translate(() -> mapper.complete(paymentId.value(), lease.toString(), c.status().name(), c.attempts(),
                Rows.utc(next), Columns.clip(c.lastResult(), 512), Rows.utc(c.at()))) == 1;
    }

    @Override
    public void recordAttempt(Attempt a) {
        AttemptRow row = new AttemptRow();
        row.tenantId = a.tenantId().value();
        row.paymentId = a.paymentId().value();
        row.attempt = a.attempt();
        row.askedAt = Rows.utc(a.askedAt());
        row.answer = Columns.clip(a.answer(), 64);
        row.effect = Columns.clip(a.effect(), 64);
        row.detail = Columns.clip(a.detail(), 512);
        translate(() -> mapper.insertAttempt(row));
    }

    @Override
    public Optional<CaseView> find(TenantId tenantId, PaymentOrRefundId paymentId) {
        return Optional.ofNullable(translate(() -> mapper.find(paymentId.value())))
                .filter(r -> r.tenantId.equals(tenantId.value())).map(MyBatisResolutionCases::toView);
    }

    @Override
    public List<CaseView> list(TenantId tenantIdOrNull, Collection<ResolutionStatus> statuses, int limit) {
        if (statuses.isEmpty()) {
            return List.of();
        }
        List<String> names = statuses.stream().map(Enum::name).toList();
        return translate(() -> mapper.list(tenantIdOrNull == null ? null : tenantIdOrNull.value(), names, limit))
                .stream().map(MyBatisResolutionCases::toView).toList();
    }

    @Override
    public List<Attempt> history(TenantId tenantId, PaymentOrRefundId paymentId) {
        return translate(() -> mapper.history(tenantId.value(), paymentId.value())).stream()
                .map(r -> new Attempt(new TenantId(r.tenantId), PaymentOrRefundId.of(r.paymentId), r.attempt,
                        Rows.instant(r.askedAt), r.answer, r.effect, r.detail)).toList();
    }

    @Override
    public CaseCounts countByStatus() {
        Map<ResolutionStatus, Long> counts = new EnumMap<>(ResolutionStatus.class);
        Instant oldestOpen = null;
        for (StatusCountRow row : translate(mapper::countByStatus)) {
            ResolutionStatus status = ResolutionStatus.valueOf(row.status);
            counts.put(status, row.cases);
            if (status == ResolutionStatus.OPEN) {
                oldestOpen = Rows.instant(row.oldestOpenedAt);
            }
        }
        return new CaseCounts(counts, oldestOpen);
    }

    private static ClaimedCase toClaimed(CaseRow r) {
        return new ClaimedCase(new TenantId(r.tenantId), PaymentOrRefundId.of(r.paymentId), r.channel, r.attempts,
                Rows.instant(r.openedAt));
    }

    private static CaseView toView(CaseRow r) {
        ResolutionStatus status = ResolutionStatus.valueOf(r.status);
        return new CaseView(new TenantId(r.tenantId), PaymentOrRefundId.of(r.paymentId), r.channel, status, r.reason,
                r.attempts, status == ResolutionStatus.OPEN ? Rows.instant(r.nextAttemptAt) : null, r.lastResult,
                Rows.instant(r.openedAt), Rows.instant(r.updatedAt), r.leaseToken != null);
    }
}
