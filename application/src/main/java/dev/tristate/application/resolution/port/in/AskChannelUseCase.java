package dev.tristate.application.resolution.port.in;

import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;

/**
 * An operator asks the channel about one payment now, whatever its case's schedule (a flagged case included), and
 * the answer is applied as the resolver would. It keeps no audit log of its own: it reports its steps to the
 * command's {@code audit}, which {@link AskChannelAsOperatorUseCase} (the console's audited action) supplies. Throws
 * {@link PaymentNotFound} for another tenant's or no payment, and {@link ResolutionInProgress} while another resolver
 * holds the case.
 *
 * <p>The question cannot share a transaction with the channel's answer (the channel is asked outside any
 * transaction), so it is audited in two steps through {@code audit}: the attempt ({@link #ASKING}, or
 * {@link #IN_PROGRESS} when another resolver holds the case) in the transaction that claims the case, before the
 * channel is asked; and the answer ({@link #ANSWERED}) in the transaction that applies it (the notification and the
 * transition), or, where there is nothing to apply (no answer, nothing to change), in the one that settles the case.
 */
public interface AskChannelUseCase {

    String ASKING = "ASKING";
    String IN_PROGRESS = "IN_PROGRESS";
    String ANSWERED = "ASKED";

    UnknownCaseView askChannel(AskChannelCommand command);

    record AskChannelCommand(TenantId tenantId, PaymentId paymentId, String operator, ActionAudit audit) {
        public AskChannelCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(paymentId, "payment id");
            if (operator == null || operator.isBlank()) {
                throw new IllegalArgumentException("the operator who asks is required");
            }
            Objects.requireNonNull(audit, "audit (ActionAudit.NONE for none)");
        }
    }
}
