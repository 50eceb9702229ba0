package dev.tristate.application.resolution.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.console.ReviewDecision;
import java.util.Objects;

/**
 * Decides a review case with one of the decisions its reason allows and a required reason; OPERATOR only, audited,
 * idempotent by action key. Deciding a case already decided changes nothing (result NOT_OPEN). Deciding
 * {@link ReviewDecision#REFUND_AT_CHANNEL} also refunds, where Tristate can, through the refund flow: its outcome is a
 * second audit entry ({@link #REFUND_ACTION}, subject the case) with the refund id, or {@link #NOT_REFUNDED} and why.
 */
public interface DecideReviewCaseUseCase {

    /** The audit subject type of a decision and of its refund (the subject id is the case's id). */
    String SUBJECT = "review_case";
    /** The audit action of the refund a REFUND_AT_CHANNEL decision makes (or cannot make). */
    String REFUND_ACTION = "REFUND_FOR_REVIEW_CASE";
    /** The result of that entry where Tristate made no refund: the decision is a note for a person to act on. */
    String NOT_REFUNDED = "NOT_REFUNDED";

    ActionResult decide(DecideReviewCaseCommand command);

    record DecideReviewCaseCommand(long caseId, ReviewDecision decision, Reason reason, Operator operator,
                                   ActionKey actionKey) {
        public DecideReviewCaseCommand {
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }
}
