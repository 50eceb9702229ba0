package dev.tristate.application.resolution.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;

/**
 * The console's "ask the channel now" about a pending or unknown payment, for SUPPORT and OPERATOR alike: the
 * resolver's {@link AskChannelUseCase}, audited under the form's action key and idempotent by it. The console offers
 * the button only where a bean of this port exists.
 */
public interface AskChannelAsOperatorUseCase {

    ActionResult askChannel(TenantId tenantId, PaymentId paymentId, Operator operator, ActionKey actionKey);
}
