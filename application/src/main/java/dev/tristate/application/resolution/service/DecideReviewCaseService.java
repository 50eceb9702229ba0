package dev.tristate.application.resolution.service;

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

    public static final String SUBJECT = "review_case";

    private final ReviewCases cases;
    private final AuditedActions actions;

    DecideReviewCaseService(ReviewCases cases, AuditTrail audit, Transactions transactions, Clock clock) {
        this.cases = cases;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public ActionResult decide(DecideReviewCaseCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "decide review cases");
        ReviewCase found = cases.find(command.caseId())
                .orElseThrow(() -> new NotFoundInConsole("no review case " + command.caseId()));
        if (!ReviewDecision.allowedFor(found.reason()).contains(command.decision())) {
            throw new IllegalArgumentException("a " + found.reason() + " case does not allow " + command.decision());
        }
        return actions.run(new Action(command.actionKey(), command.operator(), "DECIDE_" + command.decision(),
                        SUBJECT, Long.toString(command.caseId()), command.reason().text()),
                now -> cases.resolve(command.caseId(), command.operator().username(),
                        command.decision() + ": " + command.reason().text(), now)
                        ? new Outcome("DECIDED", command.decision().name())
                        : new Outcome("NOT_OPEN", "already decided: nothing changed"));
    }
}
