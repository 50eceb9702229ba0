package dev.tristate.application.console.port.out;

import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.payment.Payment;

/**
 * Support staff's search over payments. Crosses tenants only because the console's users serve every tenant; each
 * payment found carries its tenant, and everything read about it afterwards is read within that tenant.
 */
public interface PaymentSearch {

    Page<Payment> search(PaymentCriteria criteria, PageRequest page);
}
