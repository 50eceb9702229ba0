package dev.tristate.adapter.in.web.archfixture;

import dev.tristate.sandbox.SandboxMerchants;

/** Deliberate violation: an adapter calling the in-process simulator instead of the channel over HTTP. */
public class WebAdapterUsingTheSandbox {
    private SandboxMerchants merchants;
}
