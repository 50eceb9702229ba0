package dev.tristate.adapter.out.messaging.embedded;

import java.util.concurrent.atomic.AtomicReference;
import org.apache.qpid.server.SystemLauncherListener;
import org.apache.qpid.server.model.Broker;
import org.apache.qpid.server.model.Port;
import org.apache.qpid.server.model.State;
import org.apache.qpid.server.model.SystemConfig;

/**
 * Captures what SystemLauncher only reports to its listener, the container and startup errors, and reads from them
 * whether the broker really started.
 */
final class StartupListener extends SystemLauncherListener.DefaultSystemLauncherListener {

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

    void rethrowStartupError() {
        RuntimeException e = startupError.get();
        if (e != null) {
            throw new EmbeddedBrokerException("Embedded AMQP broker failed to start", e);
        }
    }

    /** The started broker; null if none was resolved. */
    Broker<?> broker() {
        SystemConfig<?> config = systemConfig.get();
        return config == null ? null : config.getContainer(Broker.class);
    }

    /** The port the started broker's AMQP port listens on; fails unless both the broker and the port are active. */
    int activeAmqpPort() {
        SystemConfig<?> config = systemConfig.get();
        Broker<?> broker = config == null ? null : config.getContainer(Broker.class);
        if (broker == null || broker.getState() != State.ACTIVE) {
            throw new EmbeddedBrokerException("Embedded AMQP broker is not active: "
                    + (broker == null ? "no broker" : broker.getState()));
        }
        // A port that cannot bind (address in use) goes to ERRORED while the broker itself stays
        // ACTIVE, so SystemLauncher reports success: check the port explicitly.
        Port<?> port = broker.getChildByName(Port.class, QpidConfiguration.PORT_NAME);
        if (port == null || port.getState() != State.ACTIVE) {
            throw new EmbeddedBrokerException("Embedded AMQP port " + (port == null ? "missing" :
                    port.getBindingAddress() + ":" + port.getPort() + " is " + port.getState()
                            + " (address already in use?)"));
        }
        return port.getBoundPort() > 0 ? port.getBoundPort() : port.getPort();
    }
}
