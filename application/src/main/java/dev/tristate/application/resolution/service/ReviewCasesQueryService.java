package dev.tristate.application.resolution.service;

import dev.tristate.application.resolution.port.in.ReviewCasesQuery;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

class ReviewCasesQueryService implements ReviewCasesQuery {

    private final ReviewCases cases;

    ReviewCasesQueryService(ReviewCases cases) {
        this.cases = cases;
    }

    @Override
    public Page<ReviewCase> reviewCases(boolean openOnly, PageRequest page) {
        return cases.search(openOnly, page);
    }

    @Override
    public Optional<ReviewCase> reviewCase(long caseId) {
        return cases.find(caseId);
    }

    @Override
    public List<ReviewCase> openReviewCases(TenantId tenantId, PaymentId paymentId) {
        return cases.forPayment(tenantId, paymentId).stream().filter(ReviewCase::open)
                .sorted(Comparator.comparing(ReviewCase::createdAt)).toList();
    }
}
