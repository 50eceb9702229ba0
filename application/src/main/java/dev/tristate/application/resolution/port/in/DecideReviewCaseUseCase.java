package dev.tristate.application.resolution.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.console.ReviewDecision;
import java.util.Objects;

/**
 * Decides a review case with one of the decisions its reason allows and a required reason; OPERATOR only, audited,
 * idempotent by action key. Deciding a case already decided changes nothing (result NOT_OPEN).
 */
public interface DecideReviewCaseUseCase {

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
