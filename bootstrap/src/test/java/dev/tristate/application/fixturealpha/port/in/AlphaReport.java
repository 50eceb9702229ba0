package dev.tristate.application.fixturealpha.port.in;

import dev.tristate.application.fixturealpha.port.out.AlphaStore;

/** Deliberate violation: an inbound port that depends on an outbound port. */
public record AlphaReport(AlphaStore source) {
}
