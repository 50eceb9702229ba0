package dev.tristate.application.resolution.service;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The resolver's cases as the console shows them: each with the payment's status, its queries and its ledger. */
public class UnknownCasesService implements UnknownCasesQuery {

    private final ResolutionCases cases;
    private final PaymentRepository payments;
    private final UnknownOutcomeLedger ledger;

    public UnknownCasesService(ResolutionCases cases, PaymentRepository payments, UnknownOutcomeLedger ledger) {
        this.cases = cases;
        this.payments = payments;
        this.ledger = ledger;
    }

    @Override
    public List<UnknownCaseView> listUnknownCases(TenantId tenantIdOrNull, Set<ResolutionStatus> statuses, int limit) {
        return cases.list(tenantIdOrNull, statuses, limit).stream().map(this::view).toList();
    }

    @Override
    public Optional<UnknownCaseView> unknownCase(TenantId tenantId, PaymentId paymentId) {
        return cases.find(tenantId, paymentId.value()).map(this::view);
    }

    private UnknownCaseView view(ResolutionCases.CaseView c) {
        String paymentStatus = payments.findById(c.tenantId(), new PaymentId(c.paymentId()))
                .map(p -> p.status().name()).orElse(null);
        List<UnknownCaseView.QueryAttempt> history = cases.history(c.tenantId(), c.paymentId()).stream()
                .map(a -> new UnknownCaseView.QueryAttempt(a.attempt(), a.askedAt(), a.answer(), a.effect(),
                        a.detail())).toList();
        List<UnknownCaseView.LedgerEntry> entries = ledger.forPayment(c.tenantId(), c.paymentId()).stream()
                .map(e -> new UnknownCaseView.LedgerEntry(e.origin(), e.reference(), e.detail(), e.occurredAt(),
                        e.resolvedAt(), e.resolution())).toList();
        return new UnknownCaseView(c.tenantId(), c.paymentId(), c.channel(), paymentStatus, c.status(), c.reason(),
                c.attempts(), c.nextAttemptAt(), c.lastResult(), c.openedAt(), c.updatedAt(), history, entries);
    }
}
