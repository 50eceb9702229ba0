package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.BackgroundScheduler;
import org.springframework.stereotype.Component;

/** The simulator's timer: webhook deliveries, their retries and refunds that settle later run here. */
@Component
class StripeSimulatorScheduler extends BackgroundScheduler {

    StripeSimulatorScheduler() {
        super("stripe-simulator");
    }
}
