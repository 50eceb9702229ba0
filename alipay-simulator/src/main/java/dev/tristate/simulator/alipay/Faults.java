package dev.tristate.simulator.alipay;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/** The faults set per app and open-API method ({@link Fault}), until cleared. */
@Component
class Faults {

    private final Map<String, Map<String, Fault>> byApp = new ConcurrentHashMap<>();

    void set(String appId, String method, Fault fault) {
        byApp.computeIfAbsent(appId, id -> new ConcurrentHashMap<>()).put(method, fault);
    }

    void clear(String appId, String method) {
        byApp.getOrDefault(appId, Map.of()).remove(method);
    }

    void clear(String appId) {
        byApp.remove(appId);
    }

    Optional<Fault> of(String appId, String method) {
        return Optional.ofNullable(byApp.getOrDefault(appId, Map.of()).get(method));
    }
}
