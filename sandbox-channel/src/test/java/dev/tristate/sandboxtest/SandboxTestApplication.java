package dev.tristate.sandboxtest;

import dev.tristate.sandbox.SandboxChannelConfiguration;
import dev.tristate.simulator.kit.testing.MutableClock;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * A minimal host for the sandbox channel, the way the bootstrap module hosts it: imported, not scanned. It lives
 * outside {@code dev.tristate.sandbox} so that the channel's own component scan does not find it.
 */
@SpringBootApplication
@Import(SandboxChannelConfiguration.class)
public class SandboxTestApplication {

    @Bean
    MutableClock clock() {
        return new MutableClock(MutableClock.DEFAULT_START);
    }

    @Bean
    MutableMerchantDirectory merchantDirectory() {
        return new MutableMerchantDirectory();
    }
}
