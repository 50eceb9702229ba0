package dev.tristate.application.resolution.service;

import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.domain.outbox.LeaseToken;
import java.util.Objects;

/**
 * One claimed case while it is worked on: the lease it is held under and, when an operator asked, who asked (added to
 * what the case records) and where the answer is audited. The answer is audited once: in the transaction that applies
 * it where there is one, else in the one that writes the case back.
 */
record WorkedCase(ClaimedCase claimed, LeaseToken lease, String askedBy, ActionAudit audit) {

    WorkedCase {
        Objects.requireNonNull(claimed, "claimed case");
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(askedBy, "asked by (empty for the resolver)");
        Objects.requireNonNull(audit, "audit (ActionAudit.NONE for none)");
    }

    static WorkedCase byResolver(ClaimedCase claimed, LeaseToken lease) {
        return new WorkedCase(claimed, lease, "", ActionAudit.NONE);
    }

    static WorkedCase byOperator(ClaimedCase claimed, LeaseToken lease, String operator, ActionAudit audit) {
        return new WorkedCase(claimed, lease, " (asked by " + operator + ")", audit);
    }

    /** The number of this query of the channel, the first being 1. */
    int attempt() {
        return claimed.attempts() + 1;
    }

    /** The same case once the transaction that applied the answer has audited it. */
    WorkedCase answerAudited() {
        return new WorkedCase(claimed, lease, askedBy, ActionAudit.NONE);
    }
}
