package dev.tristate.application.resolution.service;

import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.resolution.port.in.AskChannelAsOperatorUseCase;
import dev.tristate.application.resolution.port.in.AskChannelUseCase.AskChannelCommand;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.ResolutionInProgress;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.util.Optional;

/**
 * The console's "ask the channel now": the resolver's active query for one payment, audited under the form's action
 * key. The channel is asked outside any transaction, so the question cannot share one with its answer; instead the
 * resolver writes the audit entry of the attempt (ASKING, key {@code <key>}) in the transaction that claims the case,
 * before it asks, and the entry of the answer (ASKED, key {@code <key>:answer}) in the transaction that applies the
 * answer (see {@link AskChannelUseCase}). A crash while the channel is asked leaves the attempt audited and the
 * case claimed until its lease runs out, when the resolver asks again. The same form submitted again finds its key in
 * the audit log and asks nothing; two submissions racing meet at the key in the claim's transaction, and the second
 * rolls back (its claim included) and asks nothing either.
 */
class AskChannelAsOperatorService implements AskChannelAsOperatorUseCase {

    public static final String SUBJECT = "payment";
    static final String ANSWER_STEP = "answer";

    private final AskChannelUseCase resolver;
    private final AuditTrail audit;
    private final AuditedActions actions;

    AskChannelAsOperatorService(AskChannelUseCase resolver, AuditTrail audit, Transactions transactions,
                                Clock clock) {
        this.resolver = resolver;
        this.audit = audit;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public ActionResult askChannel(TenantId tenantId, PaymentId paymentId, Operator operator, ActionKey actionKey) {
        Optional<ActionResult> repeated = audit.findByActionKey(actionKey)
                .map(first -> new ActionResult(audit.findByActionKey(actionKey.part(ANSWER_STEP)).orElse(first),
                        true));
        if (repeated.isPresent()) {
            return repeated.get();
        }
        Action action = new Action(actionKey, operator, "ASK_CHANNEL", SUBJECT, paymentId.value(),
                "ask the channel now");
        AuditedActions.InEffect attempt = actions.inEffect(action);
        AuditedActions.InEffect answer = actions.inEffect(action.step(ANSWER_STEP));
        ActionAudit steps = (result, detail, at) -> (AskChannelUseCase.ANSWERED.equals(result) ? answer : attempt)
                .record(result, detail, at);
        Outcome outcome;
        try {
            UnknownCaseView view = resolver.askChannel(new AskChannelCommand(tenantId, paymentId,
                    operator.username(), steps));
            outcome = new Outcome(AskChannelUseCase.ANSWERED, "payment " + (view.paymentStatus() == null
                    ? "not stored" : view.paymentStatus()) + "; case " + view.status()
                    + (view.lastResult() == null ? "" : "; channel: " + view.lastResult()));
        } catch (PaymentNotFound e) {
            throw new NotFoundInConsole("no payment " + paymentId + " of tenant " + tenantId);
        } catch (ResolutionInProgress e) {
            outcome = new Outcome(AskChannelUseCase.IN_PROGRESS,
                    "a resolver is asking the channel about this payment right now");
        } catch (PersistenceFailure.AlreadyExists e) {
            if (!attempt.keyTaken()) {
                throw e;
            }
            // The same form, submitted twice at once: the other submission claimed the case and asks; not this one.
            outcome = null;
        }
        Optional<AuditEntry> answered = answer.committed();
        if (answered.isPresent()) {
            return new ActionResult(answered.get(), false);
        }
        // The attempt the resolver audited (IN_PROGRESS), the other submission's (a repeat), or, for a resolver that
        // audits nothing, this service's entry after the fact.
        Outcome otherwise = outcome;
        return actions.settle(attempt, now -> otherwise);
    }
}
