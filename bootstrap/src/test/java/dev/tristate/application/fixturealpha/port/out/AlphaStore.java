package dev.tristate.application.fixturealpha.port.out;

import dev.tristate.application.fixturealpha.port.in.AlphaUseCase;

/** Deliberate violation: an outbound port that depends on an inbound port. */
public interface AlphaStore {
    AlphaUseCase caller();
}
