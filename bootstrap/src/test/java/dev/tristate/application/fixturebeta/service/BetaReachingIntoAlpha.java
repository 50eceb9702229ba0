package dev.tristate.application.fixturebeta.service;

import dev.tristate.application.fixturealpha.service.PublicAlphaService;

/** Deliberate violation: one feature's service using another feature's service instead of its inbound port. */
class BetaReachingIntoAlpha {
    private final PublicAlphaService alpha = new PublicAlphaService();
}
