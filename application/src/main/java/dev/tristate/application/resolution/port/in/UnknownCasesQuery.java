package dev.tristate.application.resolution.port.in;

import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** For the admin console: payments whose outcome the resolver is finding out, with every query it made. */
public interface UnknownCasesQuery {

    /** Cases of one tenant or of all (null) in the given statuses, most recently changed first. */
    List<UnknownCaseView> listUnknownCases(TenantId tenantIdOrNull, Set<ResolutionStatus> statuses, int limit);

    /** One payment's case with its query history and ledger entries; empty when it never had one. */
    Optional<UnknownCaseView> unknownCase(TenantId tenantId, PaymentId paymentId);
}
