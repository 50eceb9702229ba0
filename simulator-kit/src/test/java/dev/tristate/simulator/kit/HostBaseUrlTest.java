package dev.tristate.simulator.kit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class HostBaseUrlTest {

    @Test
    void theOwnBaseNamesThePortTheServerListensOnOnceItIsKnown() {
        MockEnvironment environment = new MockEnvironment().withProperty("server.port", "0");
        assertThat(HostBaseUrl.own(environment)).isEqualTo("http://localhost:0");

        environment.setProperty("local.server.port", "43117");

        assertThat(HostBaseUrl.own(environment)).isEqualTo("http://localhost:43117");
        assertThat(HostBaseUrl.own(new MockEnvironment())).isEqualTo("http://localhost:8080");
    }

    @Test
    void aConfiguredBaseWinsWithoutItsTrailingSlash() {
        MockEnvironment environment = new MockEnvironment().withProperty("local.server.port", "43117");

        assertThat(HostBaseUrl.configuredOrOwn(" https://pay.example.test/ ", environment))
                .isEqualTo("https://pay.example.test");
        assertThat(HostBaseUrl.configuredOrOwn("  ", environment)).isEqualTo("http://localhost:43117");
        assertThat(HostBaseUrl.configuredOrOwn(null, environment)).isEqualTo("http://localhost:43117");
    }
}
