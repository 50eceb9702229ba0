package dev.tristate.adapter.in.web.archfixture;

import dev.tristate.application.tenant.service.TenantServices;

/** Deliberate violation: an adapter using an application service instead of its inbound port. */
public class WebAdapterUsingService {
    private TenantServices services;
}
