package dev.tristate.application.console.port.in;

import dev.tristate.domain.payment.PaymentStatus;
import java.util.Map;

/** Read side for the console's dashboard. */
public interface PaymentStatisticsQuery {

    /** Every status with its count across all tenants (zero where none), in the enum's order. */
    Map<PaymentStatus, Long> paymentsByStatus();
}
