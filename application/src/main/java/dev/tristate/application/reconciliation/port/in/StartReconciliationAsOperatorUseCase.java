package dev.tristate.application.reconciliation.port.in;

import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.Identifiers;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.tenant.TenantId;
import java.time.LocalDate;
import java.util.Objects;

/**
 * The console's "start a reconciliation run": {@link StartReconciliationUseCase} on an operator's word, audited under
 * the form's action key (the entry's subject is the run's id). OPERATOR only. The same form submitted twice starts one
 * run. A statement that cannot be read is audited as REJECTED and thrown as {@link StatementRejected} (nothing else is
 * stored); a channel that does not give it is audited as UNAVAILABLE and thrown as {@link StatementUnavailable}.
 */
public interface StartReconciliationAsOperatorUseCase {

    ActionResult startReconciliationAsOperator(StartReconciliationAsOperatorCommand command);

    record StartReconciliationAsOperatorCommand(TenantId tenantId, String channel, LocalDate day,
                                                StatementSource source, Operator operator, ActionKey actionKey) {
        public StartReconciliationAsOperatorCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(day, "day");
            Objects.requireNonNull(source, "statement source");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
            if (channel == null || channel.isBlank()) {
                throw new IllegalArgumentException("the channel is required");
            }
            // A channel's name (sandbox, alipay ...): it goes into the audit log's subject, which is short.
            Identifiers.token("a channel", channel, 16);
        }
    }
}
