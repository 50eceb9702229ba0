package dev.tristate.application.port.in;

import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;

/**
 * An operator asks the channel about one payment now, whatever its case's schedule (a flagged case included), and
 * the answer is applied as the resolver would. Throws {@link PaymentNotFound} for another tenant's or no payment, and
 * {@link ResolutionInProgress} while another resolver holds the case.
 */
public interface AskChannelNowUseCase {

    UnknownCaseView askChannelNow(AskChannelNowCommand command);

    record AskChannelNowCommand(TenantId tenantId, PaymentId paymentId, String operator) {
        public AskChannelNowCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(paymentId, "payment id");
            if (operator == null || operator.isBlank()) {
                throw new IllegalArgumentException("the operator who asks is required");
            }
        }
    }
}
