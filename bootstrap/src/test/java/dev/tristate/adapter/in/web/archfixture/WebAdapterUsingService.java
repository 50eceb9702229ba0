package dev.tristate.adapter.in.web.archfixture;

import dev.tristate.application.fixturealpha.service.PublicAlphaService;

/** Deliberate violation: an adapter using an application service instead of its inbound port. */
public class WebAdapterUsingService {
    private PublicAlphaService service;
}
