package dev.tristate.application.resolution.port.in;

import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;

/** Notifications held for review. */
public interface ReviewCasesQuery {

    Page<ReviewCase> reviewCases(boolean openOnly, PageRequest page);

    Optional<ReviewCase> reviewCase(long caseId);

    /** The payment's cases still open (one per mismatch), oldest first; none when nothing is held for it. */
    List<ReviewCase> openReviewCases(TenantId tenantId, PaymentId paymentId);
}
