package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.BackgroundScheduler;
import org.springframework.stereotype.Component;

/** The simulator's timer: notifications, their resends and hanging answers run here, never on the request. */
@Component
class SimulatorScheduler extends BackgroundScheduler {

    SimulatorScheduler() {
        super("alipay-simulator");
    }
}
