package dev.tristate.bootstrap.relay;

import dev.tristate.adapter.out.messaging.embedded.EmbeddedAmqpBroker;
import dev.tristate.testing.IntegrationEnvironment;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Takes the broker away and brings it back. On the embedded Qpid broker: close it and start a new one on the same
 * port (it holds messages in memory, so what it held is gone, as after a real restart of the embedded default). On
 * RabbitMQ: {@code rabbitmqctl stop_app} / {@code start_app}, the whole node, or, with
 * {@code TRISTATE_IT_RABBIT_OUTAGE=vhost}, only the test's virtual host (its connections closed and refused), for
 * machines where other runs share the broker.
 */
interface BrokerOutage {

    void begin();

    void end();

    /** Whether messages the broker held survive the outage (durable queues on RabbitMQ; Qpid's memory store: no). */
    boolean keepsMessages();

    static BrokerOutage forIntegrationBroker() {
        if (!IntegrationEnvironment.realBroker()) {
            throw new IllegalStateException("use RestartedQpid for the embedded broker");
        }
        return "vhost".equalsIgnoreCase(System.getenv("TRISTATE_IT_RABBIT_OUTAGE"))
                ? new RabbitVirtualHostBlocked(IntegrationEnvironment.rabbitVirtualHost()) : new RabbitNodeStopped();
    }

    /** An embedded Qpid broker of the test's own, on a fixed port so that a new one can take the old one's place. */
    final class RestartedQpid implements BrokerOutage, AutoCloseable {
        static final String USER = "tristate";
        static final String PASSWORD = "tristate";
        private final int port;
        private EmbeddedAmqpBroker broker;

        RestartedQpid() {
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            broker = EmbeddedAmqpBroker.start("127.0.0.1", port, USER, PASSWORD);
        }

        int port() {
            return port;
        }

        @Override
        public synchronized void begin() {
            broker.close();
            broker = null;
        }

        @Override
        public synchronized void end() {
            if (broker == null) {
                broker = EmbeddedAmqpBroker.start("127.0.0.1", port, USER, PASSWORD);
            }
        }

        @Override
        public boolean keepsMessages() {
            return false;
        }

        @Override
        public synchronized void close() {
            if (broker != null) {
                broker.close();
            }
        }
    }

    /** The whole RabbitMQ node's application stopped and started again. */
    final class RabbitNodeStopped implements BrokerOutage {
        @Override
        public void begin() {
            rabbitmqctl("stop_app");
        }

        @Override
        public void end() {
            rabbitmqctl("start_app");
            rabbitmqctl("await_startup");
        }

        @Override
        public boolean keepsMessages() {
            return true;
        }
    }

    /** Only one virtual host: its connections closed, new ones refused, then allowed again. */
    final class RabbitVirtualHostBlocked implements BrokerOutage {
        private final String vhost;

        RabbitVirtualHostBlocked(String vhost) {
            this.vhost = vhost;
        }

        @Override
        public void begin() {
            rabbitmqctl("set_vhost_limits", "-p", vhost, "{\"max-connections\": 0}");
            rabbitmqctl("close_all_connections", "--vhost", vhost, "tristate relay outage test");
        }

        @Override
        public void end() {
            rabbitmqctl("set_vhost_limits", "-p", vhost, "{\"max-connections\": -1}");
        }

        @Override
        public boolean keepsMessages() {
            return true;
        }
    }

    static void rabbitmqctl(String... args) {
        List<String> command = new ArrayList<>(List.of("rabbitmqctl", "-q"));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in 120 s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run rabbitmqctl (needed to stop the broker): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
