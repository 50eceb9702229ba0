package dev.tristate.adapter.out.messaging.embedded;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import org.apache.qpid.server.SystemLauncher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An in-process AMQP 0-9-1 broker (Apache Qpid Broker-J) for the "embedded default" run mode.
 *
 * <p>Everything lives in memory; the only files are the initial configuration and an empty
 * system-properties file in a private temporary directory that {@link #close()} deletes.
 * Clients connect with any virtual host name that resolves to the single virtual host,
 * including RabbitMQ's default {@code "/"}.
 *
 * <p>The embedded broker does not accept RabbitMQ-specific queue arguments (it closes the
 * connection); declare queues with {@link TopologyArguments#forDurableQueue(BrokerKind)}.
 */
public final class EmbeddedAmqpBroker implements AutoCloseable {

    public static final String VIRTUAL_HOST = "default";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedAmqpBroker.class);
    private static final String QPID_SHUTDOWN_HOOK_FIELD = "_shutdownHook";

    private final SystemLauncher launcher;
    private final Path workDir;
    private final String host;
    private final int port;
    private boolean closed;

    private EmbeddedAmqpBroker(SystemLauncher launcher, Path workDir, String host, int port) {
        this.launcher = launcher;
        this.workDir = workDir;
        this.host = host;
        this.port = port;
    }

    /**
     * Starts a broker listening on {@code host:port} (port 0 picks a free port; read it back with
     * {@link #port()}) that accepts exactly one user.
     *
     * @throws EmbeddedBrokerException if the broker cannot start, e.g. because the port is taken
     */
    public static EmbeddedAmqpBroker start(String host, int port, String username, String password) {
        Objects.requireNonNull(host, "host");
        QpidConfiguration.requirePlainValue(username, "username");
        QpidConfiguration.requirePlainValue(password, "password");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535: " + port);
        }

        long startedAt = System.nanoTime();
        Path workDir = BrokerWorkDir.create();
        SystemLauncher launcher = null;
        boolean started = false;
        try {
            if (port != 0) {
                requirePortAvailable(host, port);
            }
            Path config = Files.writeString(workDir.resolve("initial-config.json"),
                    QpidConfiguration.initialConfig(host, port, username, password), StandardCharsets.UTF_8);
            Path systemProperties = Files.writeString(workDir.resolve("system.properties"), "",
                    StandardCharsets.UTF_8);

            StartupListener listener = new StartupListener();
            launcher = new SystemLauncher(listener);
            launcher.startup(QpidConfiguration.systemConfigAttributes(workDir, config, systemProperties));
            listener.rethrowStartupError();

            int boundPort = listener.activeAmqpPort();
            leaveStoppingToTheOwner(listener.broker());
            EmbeddedAmqpBroker broker = new EmbeddedAmqpBroker(launcher, workDir, host, boundPort);
            started = true;
            LOG.info("Embedded AMQP broker listening on {}:{} (started in {} ms)", host, boundPort,
                    Duration.ofNanos(System.nanoTime() - startedAt).toMillis());
            return broker;
        } catch (EmbeddedBrokerException e) {
            throw e;
        } catch (Exception e) {
            throw new EmbeddedBrokerException("Embedded AMQP broker failed to start on " + host + ":" + port, e);
        } finally {
            if (!started) {
                shutdownQuietly(launcher);
                BrokerWorkDir.delete(workDir);
            }
        }
    }

    public String host() {
        return host;
    }

    /** The port the broker actually listens on (never 0). */
    public int port() {
        return port;
    }

    /** The private temporary directory holding the broker's configuration; gone after {@link #close()}. */
    Path workDir() {
        return workDir;
    }

    /** Shuts the broker down (closing client connections) and deletes its working directory. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            launcher.shutdown();
        } finally {
            BrokerWorkDir.delete(workDir);
        }
        LOG.info("Embedded AMQP broker on {}:{} stopped", host, port);
    }

    /**
     * Fails fast with a clear message instead of letting Qpid start a whole broker whose port then
     * fails to bind with a logged stack trace. The port state check after startup still decides.
     */
    private static void requirePortAvailable(String host, int port) throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (BindException e) {
            throw new EmbeddedBrokerException("Cannot listen on " + host + ":" + port + ": port already in use", e);
        }
    }

    /**
     * Qpid's broker registers a JVM shutdown hook of its own (Broker-J has no setting that turns it off). On a JVM
     * stop that hook would stop the broker while the owner's hook (Spring's context close) is still closing the
     * clients connected to it, so they log errors for a normal stop. Without the hook the owner closes its clients
     * first and then this broker, through {@link #close()}.
     */
    static void leaveStoppingToTheOwner(Object broker) {
        Thread hook = qpidShutdownHook(broker);
        if (hook == null) {
            LOG.warn("Qpid's own shutdown hook was not found; a JVM stop may log errors while the broker stops"
                    + " before its clients");
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            LOG.debug("The JVM is already stopping; Qpid's shutdown hook stays", shuttingDown);
        }
    }

    /** The hook thread Qpid's BrokerImpl keeps in a private field; null where this Qpid version has none. */
    static Thread qpidShutdownHook(Object broker) {
        for (Class<?> type = broker == null ? null : broker.getClass(); type != null; type = type.getSuperclass()) {
            try {
                Field field = type.getDeclaredField(QPID_SHUTDOWN_HOOK_FIELD);
                field.setAccessible(true);
                return field.get(broker) instanceof Thread thread ? thread : null;
            } catch (NoSuchFieldException notHere) {
                // look in the superclass
            } catch (ReflectiveOperationException | RuntimeException inaccessible) {
                return null;
            }
        }
        return null;
    }

    private static void shutdownQuietly(SystemLauncher launcher) {
        if (launcher == null) {
            return;
        }
        try {
            launcher.shutdown();
        } catch (RuntimeException e) {
            LOG.debug("Ignoring failure while shutting down a broker that failed to start", e);
        }
    }
}
