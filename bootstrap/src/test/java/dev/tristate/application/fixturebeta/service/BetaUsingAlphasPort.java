package dev.tristate.application.fixturebeta.service;

import dev.tristate.application.fixturealpha.port.in.AlphaUseCase;

/** Clean: one feature reaching another through its inbound port. */
class BetaUsingAlphasPort {
    private AlphaUseCase alpha;
}
