package dev.tristate.application.resolution.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;

/**
 * "Ask the channel now" about a pending or unknown payment, for SUPPORT and OPERATOR alike. Implemented by the
 * resolver (active query of the channel); the console offers the button only where a bean of this port exists.
 */
public interface AskChannelUseCase {

    ActionResult askChannel(TenantId tenantId, PaymentId paymentId, Operator operator, ActionKey actionKey);
}
