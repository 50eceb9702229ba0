package dev.tristate.application.service;

import dev.tristate.application.port.in.ActionResult;
import dev.tristate.application.port.in.AskChannelNowUseCase;
import dev.tristate.application.port.in.AskChannelNowUseCase.AskChannelNowCommand;
import dev.tristate.application.port.in.AskChannelUseCase;
import dev.tristate.application.port.in.NotFoundInConsole;
import dev.tristate.application.port.in.PaymentNotFound;
import dev.tristate.application.port.in.ResolutionInProgress;
import dev.tristate.application.port.in.UnknownCaseView;
import dev.tristate.application.port.out.AuditTrail;
import dev.tristate.application.port.out.Transactions;
import dev.tristate.application.service.AuditedActions.Action;
import dev.tristate.application.service.AuditedActions.Outcome;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.util.Optional;

/**
 * The console's "ask the channel now": the resolver's active query for one payment, audited under the form's action
 * key. Asking changes nothing by itself; what the channel answers is applied by the resolver through the state
 * machine in its own transactions (exactly as a scheduled query), and the audit entry records what came of it.
 * The same form submitted again finds its key in the audit log and asks nothing; two submissions racing may both
 * ask (a query is a read, and applying its answer twice changes nothing the second time), and only one is audited.
 */
public class AskChannelService implements AskChannelUseCase {

    public static final String SUBJECT = "payment";

    private final AskChannelNowUseCase resolver;
    private final AuditTrail audit;
    private final AuditedActions actions;

    public AskChannelService(AskChannelNowUseCase resolver, AuditTrail audit, Transactions transactions, Clock clock) {
        this.resolver = resolver;
        this.audit = audit;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public ActionResult askChannel(TenantId tenantId, PaymentId paymentId, Operator operator, ActionKey actionKey) {
        Optional<ActionResult> repeated = audit.findByActionKey(actionKey).map(first -> new ActionResult(first, true));
        if (repeated.isPresent()) {
            return repeated.get();
        }
        Outcome outcome;
        try {
            UnknownCaseView view = resolver.askChannelNow(new AskChannelNowCommand(tenantId, paymentId,
                    operator.username()));
            outcome = new Outcome("ASKED", "payment " + (view.paymentStatus() == null ? "not stored"
                    : view.paymentStatus()) + "; case " + view.status()
                    + (view.lastResult() == null ? "" : "; channel: " + view.lastResult()));
        } catch (PaymentNotFound e) {
            throw new NotFoundInConsole("no payment " + paymentId + " of tenant " + tenantId);
        } catch (ResolutionInProgress e) {
            outcome = new Outcome("IN_PROGRESS", "a resolver is asking the channel about this payment right now");
        }
        Outcome result = outcome;
        return actions.run(new Action(actionKey, operator, "ASK_CHANNEL", SUBJECT, paymentId.value(),
                "ask the channel now"), now -> result);
    }
}
