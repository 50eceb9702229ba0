package dev.tristate.adapter.in.web.archfixture;

import dev.tristate.simulator.archfixture.Simulated;

/** Deliberate violation: an adapter calling a channel simulator in-process instead of the channel over HTTP. */
public class WebAdapterUsingASimulator {
    private Simulated simulated;
}
