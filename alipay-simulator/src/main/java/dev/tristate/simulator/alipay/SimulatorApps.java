package dev.tristate.simulator.alipay;

import dev.tristate.simulator.alipay.AlipaySimulatorApps.App;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** The apps the simulator knows: the host's {@link AlipaySimulatorApps} first, then those registered in Java. */
@Component
class SimulatorApps {

    private final ObjectProvider<AlipaySimulatorApps> host;
    private final Map<String, App> registered = new ConcurrentHashMap<>();

    SimulatorApps(ObjectProvider<AlipaySimulatorApps> host) {
        this.host = host;
    }

    void register(App app) {
        registered.put(app.appId(), app);
    }

    Optional<App> app(String appId) {
        if (appId == null) {
            return Optional.empty();
        }
        AlipaySimulatorApps hostApps = host.getIfUnique();
        Optional<App> fromHost = hostApps == null ? Optional.empty() : hostApps.app(appId);
        return fromHost.isPresent() ? fromHost : Optional.ofNullable(registered.get(appId));
    }
}
