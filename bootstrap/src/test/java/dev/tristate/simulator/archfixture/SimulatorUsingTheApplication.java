package dev.tristate.simulator.archfixture;

import dev.tristate.application.payment.port.out.ChannelStatement;

/** Deliberate violation: a channel simulator reaching into the system it simulates a channel for. */
public class SimulatorUsingTheApplication {
    public ChannelStatement bill() {
        return null;
    }
}
