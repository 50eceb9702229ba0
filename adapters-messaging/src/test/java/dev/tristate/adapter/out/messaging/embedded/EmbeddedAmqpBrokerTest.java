package dev.tristate.adapter.out.messaging.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.amqp.AmqpAuthenticationException;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;

/** Lifecycle of the embedded broker: startup, ports, credentials, several brokers, close. */
@Timeout(60)
class EmbeddedAmqpBrokerTest {

    private static final String HOST = "127.0.0.1";
    private static final String USER = "tristate";
    private static final String PASSWORD = "embedded-secret";

    @Test
    void startsOnAFreePortAndAcceptsTheConfiguredUser() {
        // Start-up time is not asserted here (a loaded CI machine would make it flaky); it is printed by the broker.
        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(HOST, 0, USER, PASSWORD)) {
            assertThat(broker.host()).isEqualTo(HOST);
            assertThat(broker.port()).isBetween(1, 65_535);
            assertThat(isListening(broker.port())).isTrue();
            assertThat(roundTrip(broker, "/")).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "", EmbeddedAmqpBroker.VIRTUAL_HOST})
    void defaultAndNamedVirtualHostsReachTheSameVirtualHost(String virtualHost) {
        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(HOST, 0, USER, PASSWORD)) {
            assertThat(roundTrip(broker, virtualHost)).isTrue();
        }
    }

    /** A fake of Qpid's BrokerImpl as far as its shutdown hook goes. */
    static final class HookHolder {
        @SuppressWarnings("unused")
        private final Thread _shutdownHook = new Thread(() -> { }, "fake-qpid-hook");
    }

    @Test
    void removesQpidsOwnShutdownHookSoThatTheOwnerStopsTheBrokerAfterItsClients() {
        HookHolder holder = new HookHolder();
        Thread hook = EmbeddedAmqpBroker.qpidShutdownHook(holder);
        assertThat(hook).as("the hook is found in the field Qpid keeps it in").isNotNull();
        Runtime.getRuntime().addShutdownHook(hook);

        EmbeddedAmqpBroker.leaveStoppingToTheOwner(holder);

        assertThat(Runtime.getRuntime().removeShutdownHook(hook)).as("still registered after removal").isFalse();
    }

    @Test
    void aBrokerWithoutTheHookFieldIsLeftAsItIs() {
        assertThat(EmbeddedAmqpBroker.qpidShutdownHook(new Object())).isNull();
        assertThat(EmbeddedAmqpBroker.qpidShutdownHook(null)).isNull();
    }

    @Test
    void refusesAWrongPassword() {
        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(HOST, 0, USER, PASSWORD)) {
            CachingConnectionFactory factory = new CachingConnectionFactory(broker.host(), broker.port());
            factory.setUsername(USER);
            factory.setPassword("not-the-password");
            try {
                assertThatThrownBy(factory::createConnection).isInstanceOf(AmqpAuthenticationException.class);
            } finally {
                factory.destroy();
            }
        }
    }

    /** Two brokers in one JVM are independent: a queue declared on one does not exist on the other. */
    @Test
    void twoBrokersRunSideBySideOnDifferentPorts() {
        try (EmbeddedAmqpBroker first = EmbeddedAmqpBroker.start(HOST, 0, USER, PASSWORD);
             EmbeddedAmqpBroker second = EmbeddedAmqpBroker.start(HOST, 0, "other", "other-secret");
             ConfirmingRabbitRig onFirst = new ConfirmingRabbitRig(HOST, first.port(), USER, PASSWORD, "/");
             ConfirmingRabbitRig onSecond = new ConfirmingRabbitRig(HOST, second.port(), "other", "other-secret", "/")) {

            assertThat(second.port()).isNotEqualTo(first.port());
            assertThat(second.workDir()).isNotEqualTo(first.workDir());

            onFirst.declareTopology(TopologyArguments.forDurableQueue(BrokerKind.EMBEDDED_QPID));
            assertThat(onFirst.admin.getQueueProperties(onFirst.queue)).isNotNull();
            assertThat(onSecond.admin.getQueueProperties(onFirst.queue)).isNull();

            onSecond.declareTopology(TopologyArguments.forDurableQueue(BrokerKind.EMBEDDED_QPID));
            String messageId = UUID.randomUUID().toString();
            CorrelationData correlation = onSecond.publish(onSecond.routingKey, messageId);
            assertThat(ConfirmingRabbitRig.isSent(correlation, ConfirmingRabbitRig.awaitConfirm(correlation))).isTrue();
            assertThat(onSecond.template.receive(onSecond.queue, 5_000)).isNotNull();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void closeFreesThePortAndDeletesTheWorkingDirectory() {
        EmbeddedAmqpBroker first = EmbeddedAmqpBroker.start(HOST, 0, USER, PASSWORD);
        int port = first.port();
        assertThat(first.workDir()).isDirectory();

        first.close();

        assertThat(isListening(port)).as("port %d after close", port).isFalse();
        assertThat(Files.exists(first.workDir())).isFalse();
        first.close(); // idempotent

        try (EmbeddedAmqpBroker second = EmbeddedAmqpBroker.start(HOST, port, USER, PASSWORD)) {
            assertThat(second.port()).isEqualTo(port);
            assertThat(roundTrip(second, "/")).isTrue();
        }
    }

    @Test
    void refusesToStartOnAPortThatIsTaken() throws IOException {
        try (ServerSocket occupant = new ServerSocket()) {
            occupant.bind(new InetSocketAddress(InetAddress.getByName(HOST), 0));

            assertThatThrownBy(() -> EmbeddedAmqpBroker.start(HOST, occupant.getLocalPort(), USER, PASSWORD))
                    .isInstanceOf(EmbeddedBrokerException.class)
                    .hasMessageContaining(String.valueOf(occupant.getLocalPort()));
        }
    }

    @Test
    void rejectsCredentialsQpidWouldRewrite() {
        assertThatThrownBy(() -> EmbeddedAmqpBroker.start(HOST, 0, USER, "pa${user.home}ss"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void quotesCredentialsInTheConfiguration() {
        String password = "quote\" back\\slash";
        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(HOST, 0, USER, password)) {
            CachingConnectionFactory factory = new CachingConnectionFactory(broker.host(), broker.port());
            factory.setUsername(USER);
            factory.setPassword(password);
            try {
                assertThat(factory.createConnection().isOpen()).isTrue();
            } finally {
                factory.destroy();
            }
        }
    }

    private static boolean roundTrip(EmbeddedAmqpBroker broker, String virtualHost) {
        try (ConfirmingRabbitRig rig = new ConfirmingRabbitRig(broker.host(), broker.port(), USER, PASSWORD, virtualHost)) {
            rig.declareTopology(Map.of());
            String messageId = UUID.randomUUID().toString();
            CorrelationData correlation = rig.publish(rig.routingKey, messageId);
            boolean sent = ConfirmingRabbitRig.isSent(correlation, ConfirmingRabbitRig.awaitConfirm(correlation));
            var received = rig.template.receive(rig.queue, 5_000);
            return sent && received != null && messageId.equals(received.getMessageProperties().getMessageId());
        } catch (Exception e) {
            throw new AssertionError("round trip on virtual host '" + virtualHost + "' failed", e);
        }
    }

    private static boolean isListening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
