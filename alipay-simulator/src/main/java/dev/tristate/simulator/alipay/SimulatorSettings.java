package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.HostBaseUrl;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The resolved settings, the simulator's keys and its time source. The default base URL is the host's own
 * ({@link HostBaseUrl}).
 */
@Component
class SimulatorSettings {

    private final AlipaySimulatorProperties properties;
    private final Environment environment;
    private final Clock clock;
    private final SimulatorKeys keys;
    private final String controlToken;

    SimulatorSettings(AlipaySimulatorProperties properties, Environment environment, ObjectProvider<Clock> clocks) {
        this.properties = properties;
        this.environment = environment;
        // A Clock bean of the host (or of a test) decides every Alipay time and bill day; we never define one.
        this.clock = clocks.getIfUnique(Clock::systemUTC);
        this.keys = SimulatorKeys.of(properties.privateKey());
        this.controlToken = isBlank(properties.controlToken()) ? randomToken() : properties.controlToken().strip();
    }

    /** The base of every URL handed out, prefix included, e.g. {@code http://localhost:8080/simulators/alipay}. */
    String baseUrl() {
        return HostBaseUrl.configuredOrOwn(properties.publicBaseUrl(), environment) + properties.pathPrefix();
    }

    Clock clock() {
        return clock;
    }

    SimulatorKeys keys() {
        return keys;
    }

    String controlToken() {
        return controlToken;
    }

    boolean sameDayBills() {
        return properties.sameDayBills();
    }

    long queryHangMs() {
        return properties.queryHangMs();
    }

    /** An Alipay delay in milliseconds, compressed by {@code time-compression}. */
    long compressed(long alipayMillis) {
        return Math.round(alipayMillis / properties.timeCompression());
    }

    AlipaySimulatorProperties.Http http() {
        return properties.http();
    }

    private static String randomToken() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
