package dev.tristate.adapter.out.messaging.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.qpid.server.SystemLauncher;
import org.apache.qpid.server.SystemLauncherListener;
import org.apache.qpid.server.model.Broker;
import org.apache.qpid.server.model.BrokerModel;
import org.apache.qpid.server.model.Port;
import org.apache.qpid.server.model.State;
import org.apache.qpid.server.model.SystemConfig;
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
    private static final String PORT_NAME = "AMQP";

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
        requirePlainValue(username, "username");
        requirePlainValue(password, "password");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535: " + port);
        }

        long startedAt = System.nanoTime();
        Path workDir = createWorkDir();
        SystemLauncher launcher = null;
        boolean started = false;
        try {
            if (port != 0) {
                requirePortAvailable(host, port);
            }
            Path config = Files.writeString(workDir.resolve("initial-config.json"),
                    initialConfig(host, port, username, password), StandardCharsets.UTF_8);
            Path systemProperties = Files.writeString(workDir.resolve("system.properties"), "",
                    StandardCharsets.UTF_8);

            StartupListener listener = new StartupListener();
            launcher = new SystemLauncher(listener);
            launcher.startup(systemConfigAttributes(workDir, config, systemProperties));
            listener.rethrowStartupError();

            int boundPort = activeAmqpPort(listener.systemConfig());
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
                deleteRecursively(workDir);
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
            deleteRecursively(workDir);
        }
        LOG.info("Embedded AMQP broker on {}:{} stopped", host, port);
    }

    private static Map<String, Object> systemConfigAttributes(Path workDir, Path config, Path systemProperties) {
        Map<String, Object> context = new HashMap<>();
        // Qpid's work directory defaults to ${user.dir}/work and its preference store to a JSON file
        // in there: point the one at our temp dir and replace the other by a store that never writes.
        context.put("QPID_WORK", workDir.toString());
        context.put(SystemConfig.QPID_WORK_DIR, workDir.toString());
        context.put("qpid.broker.defaultPreferenceStoreAttributes", "{\"type\": \"Noop\"}");

        Map<String, Object> attributes = new HashMap<>();
        attributes.put(SystemConfig.TYPE, "Memory");
        attributes.put(SystemConfig.INITIAL_CONFIGURATION_LOCATION, config.toUri().toString());
        // Without an explicit location Qpid reads "classpath:system.properties", a URL scheme that
        // only works under the JVM's own class loader (not in a Boot fat jar or Maven exec).
        attributes.put(SystemConfig.INITIAL_SYSTEM_PROPERTIES_LOCATION, systemProperties.toUri().toString());
        attributes.put(SystemConfig.STARTUP_LOGGED_TO_SYSTEM_OUT, false);
        attributes.put("context", context);
        return attributes;
    }

    private static String initialConfig(String host, int port, String username, String password) {
        // "secureOnlyMechanisms": [] lets PLAIN work on a non-TLS port; otherwise Qpid offers only
        // CRAM-MD5/SCRAM there, which the RabbitMQ client does not speak.
        // Qpid sizes its thread pools for a dedicated server (about 80 threads at rest); an embedded
        // broker shares the application's cores, so the pools are kept small.
        return """
                {
                  "name": "tristate-embedded",
                  "modelVersion": "%s",
                  "authenticationproviders": [ {
                    "name": "plain",
                    "type": "Plain",
                    "secureOnlyMechanisms": [],
                    "users": [ { "name": %s, "type": "managed", "password": %s } ]
                  } ],
                  "ports": [ {
                    "name": "%s",
                    "type": "AMQP",
                    "port": %d,
                    "bindingAddress": %s,
                    "protocols": [ "AMQP_0_9_1" ],
                    "transports": [ "TCP" ],
                    "threadPoolSize": 4,
                    "numberOfSelectors": 1,
                    "authenticationProvider": "plain",
                    "virtualhostaliases": [
                      { "name": "nameAlias", "type": "nameAlias" },
                      { "name": "defaultAlias", "type": "defaultAlias" }
                    ]
                  } ],
                  "virtualhostnodes": [ {
                    "name": "%s",
                    "type": "Memory",
                    "defaultVirtualHostNode": "true",
                    "virtualHostInitialConfiguration": "{\\"type\\": \\"Memory\\", \\"connectionThreadPoolSize\\": 8, \\"numberOfSelectors\\": 2, \\"houseKeepingThreadCount\\": 2}"
                  } ]
                }
                """.formatted(BrokerModel.MODEL_VERSION, json(username), json(password), PORT_NAME, port,
                json(host), VIRTUAL_HOST);
    }

    private static int activeAmqpPort(SystemConfig<?> systemConfig) {
        Broker<?> broker = systemConfig == null ? null : systemConfig.getContainer(Broker.class);
        if (broker == null || broker.getState() != State.ACTIVE) {
            throw new EmbeddedBrokerException("Embedded AMQP broker is not active: "
                    + (broker == null ? "no broker" : broker.getState()));
        }
        // A port that cannot bind (address in use) goes to ERRORED while the broker itself stays
        // ACTIVE, so SystemLauncher reports success: check the port explicitly.
        Port<?> port = broker.getChildByName(Port.class, PORT_NAME);
        if (port == null || port.getState() != State.ACTIVE) {
            throw new EmbeddedBrokerException("Embedded AMQP port " + (port == null ? "missing" :
                    port.getBindingAddress() + ":" + port.getPort() + " is " + port.getState()
                            + " (address already in use?)"));
        }
        return port.getBoundPort() > 0 ? port.getBoundPort() : port.getPort();
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

    private static Path createWorkDir() {
        try {
            return Files.createTempDirectory("tristate-qpid-");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a working directory for the embedded AMQP broker", e);
        }
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

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warn("Could not delete the embedded AMQP broker's working directory {}", dir, e);
        }
    }

    private static void requirePlainValue(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        // Qpid expands ${...} in configuration values, which would silently change the credential.
        if (value.contains("${")) {
            throw new IllegalArgumentException(name + " must not contain '${'");
        }
    }

    private static String json(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** Captures what SystemLauncher only reports to its listener: the container and startup errors. */
    private static final class StartupListener extends SystemLauncherListener.DefaultSystemLauncherListener {
        private final AtomicReference<SystemConfig<?>> systemConfig = new AtomicReference<>();
        private final AtomicReference<RuntimeException> startupError = new AtomicReference<>();

        @Override
        public void onContainerResolve(SystemConfig<?> config) {
            config.getEventLogger().setMessageLogger(new QuietMessageLogger());
            systemConfig.set(config);
        }

        @Override
        public void errorOnStartup(RuntimeException e) {
            startupError.set(e);
        }

        SystemConfig<?> systemConfig() {
            return systemConfig.get();
        }

        void rethrowStartupError() {
            RuntimeException e = startupError.get();
            if (e != null) {
                throw new EmbeddedBrokerException("Embedded AMQP broker failed to start", e);
            }
        }
    }
}
