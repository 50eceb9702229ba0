package dev.tristate.application.resolution.service;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.console.ReviewDecision;
import java.time.Clock;

class DecideReviewCaseService implements DecideReviewCaseUseCase {

    public static final String SUBJECT = DecideReviewCaseUseCase.SUBJECT;
    static final String DECIDED = "DECIDED";

    private final ReviewCases cases;
    private final AuditedActions actions;
    private final ReviewCaseRefund refund;

    DecideReviewCaseService(ReviewCases cases, AuditTrail audit, Transactions transactions, Clock clock,
                            PaymentRepository payments, CreateRefundUseCase refunds) {
        this.cases = cases;
        this.actions = new AuditedActions(audit, transactions, clock);
        this.refund = new ReviewCaseRefund(payments, refunds, actions);
    }

    @Override
    public ActionResult decide(DecideReviewCaseCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "decide review cases");
        ReviewCase found = cases.find(command.caseId())
                .orElseThrow(() -> new NotFoundInConsole("no review case " + command.caseId()));
        if (!ReviewDecision.allowedFor(found.reason()).contains(command.decision())) {
            throw new IllegalArgumentException("a " + found.reason() + " case does not allow " + command.decision());
        }
        ActionResult decided = actions.run(new Action(command.actionKey(), command.operator(),
                        "DECIDE_" + command.decision(), SUBJECT, Long.toString(command.caseId()),
                        command.reason().text()),
                now -> cases.resolve(command.caseId(), command.operator().username(),
                        command.decision() + ": " + command.reason().text(), now)
                        ? new Outcome(DECIDED, command.decision().name())
                        : new Outcome("NOT_OPEN", "already decided: nothing changed"));
        // The refund follows the committed decision, never a repeat or a case someone else decided: a decision
        // that lost the race refunds nothing, and the channel is never asked inside the decision's transaction.
        if (command.decision() == ReviewDecision.REFUND_AT_CHANNEL && !decided.repeated()
                && DECIDED.equals(decided.entry().result())) {
            refund.refund(found, command);
        }
        return decided;
    }
}
