package dev.tristate.application.fixturealpha.service;

import dev.tristate.application.fixturealpha.port.in.AlphaUseCase;

/** A clean service: package-private, behind its inbound port. */
class AlphaService implements AlphaUseCase {
    @Override
    public void run() {
    }
}
