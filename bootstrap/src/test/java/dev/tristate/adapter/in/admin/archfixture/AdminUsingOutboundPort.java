package dev.tristate.adapter.in.admin.archfixture;

import dev.tristate.application.payment.port.out.PaymentRepository;

/** Deliberate violation: the console reading the repository instead of an inbound port. */
public class AdminUsingOutboundPort {
    private PaymentRepository payments;
}
