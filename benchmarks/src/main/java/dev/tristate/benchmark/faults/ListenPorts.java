package dev.tristate.benchmark.faults;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for the processes the fault suite starts (applications, HAProxy, RabbitMQ nodes), chosen below the kernel's
 * ephemeral range. A port the kernel hands out for {@code bind(0)} lies inside that range, and between closing it and
 * the child process binding it (RabbitMQ takes seconds to get there), any outgoing connection on the machine may take
 * it as its source port: a private RabbitMQ node then stops with {@code eaddrinuse}. Below the range only a process
 * that listens on it explicitly can hold it, and each port is checked free before it is handed out.
 */
final class ListenPorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default, for a machine that does not say. */
    private static final int DEFAULT_EPHEMERAL_LOW = 32768;
    private static final int LOWEST = 10_000;

    private ListenPorts() {
    }

    /** Every port handed out in this run: a listener that is not up yet does not show as taken to a bind test. */
    private static final Set<Integer> HANDED_OUT = new HashSet<>();

    /** A loopback port that is free now, below the ephemeral range, and not handed out before in this run. */
    static synchronized int free() throws IOException {
        int below = ephemeralLow();
        if (below - LOWEST < 1000) {
            throw new IllegalStateException("the ephemeral port range starts at " + below + ": no room below it for"
                    + " the fault suite's listeners (set " + EPHEMERAL_RANGE + " to start higher)");
        }
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (!HANDED_OUT.contains(port) && bindable(port)) {
                HANDED_OUT.add(port);
                return port;
            }
        }
        throw new IOException("no free port found between " + LOWEST + " and " + below);
    }

    static int ephemeralLow() {
        // A line reader: Files.readString returns only the first character of this /proc file (its size reads 0).
        try (BufferedReader range = Files.newBufferedReader(EPHEMERAL_RANGE)) {
            return Integer.parseInt(range.readLine().trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException unreadable) {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
