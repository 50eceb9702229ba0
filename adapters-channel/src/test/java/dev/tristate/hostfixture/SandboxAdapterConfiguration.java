package dev.tristate.hostfixture;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * A host module's configuration that scans its own package and shares a simple name with a channel configuration,
 * as the sandbox simulator's {@code dev.tristate.sandbox.SandboxChannelConfiguration} once did. Scanned beans are
 * named by simple class name unless told otherwise, so the two would clash.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(basePackageClasses = SandboxAdapterConfiguration.class)
public class SandboxAdapterConfiguration {
}
