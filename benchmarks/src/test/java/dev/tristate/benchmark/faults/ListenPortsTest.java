package dev.tristate.benchmark.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ListenPortsTest {

    @Test
    void portsLieBelowTheEphemeralRangeAreFreeAndAreNeverHandedOutTwice() throws Exception {
        int ephemeralLow = ListenPorts.ephemeralLow();
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            int port = ListenPorts.free();
            assertThat(port).isBetween(10_000, ephemeralLow - 1);
            assertThat(ports.add(port)).as("handed out twice: " + port).isTrue();
        }
        int port = ListenPorts.free();
        try (ServerSocket listener = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(listener.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void theEphemeralRangeIsReadFromTheKernel() {
        assertThat(ListenPorts.ephemeralLow()).isBetween(1024, 65535);
    }
}
