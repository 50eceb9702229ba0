package dev.tristate.application.fixturealpha.service;

import dev.tristate.application.fixturealpha.port.in.AlphaUseCase;

/** Deliberate violation: a service that is public although only wiring needs it. */
public class PublicAlphaService implements AlphaUseCase {
    @Override
    public void run() {
    }
}
