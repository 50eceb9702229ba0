package dev.tristate.application.console.port.in;

import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.payment.Payment;

/** Support staff's payment search (by id, merchant order id, channel transaction id, status, tenant, time). */
public interface SearchPaymentsQuery {

    Page<Payment> searchPayments(PaymentCriteria criteria, PageRequest page);
}
