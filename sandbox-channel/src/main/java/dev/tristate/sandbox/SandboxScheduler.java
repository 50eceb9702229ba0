package dev.tristate.sandbox;

import dev.tristate.simulator.kit.BackgroundScheduler;
import org.springframework.stereotype.Component;

/** The channel's timer: deliveries, retries and hanging queries run here, never on the request that caused them. */
@Component
class SandboxScheduler extends BackgroundScheduler {

    SandboxScheduler() {
        super("sandbox-channel");
    }
}
