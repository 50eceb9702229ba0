package dev.tristate.simulator.wechat;

import dev.tristate.simulator.kit.HostBaseUrl;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The resolved settings and the time source. The default public base URL is resolved on use, so that it names the port
 * the server really listens on ({@code local.server.port} is known only once it started).
 */
@Component
class WechatSimulatorSettings {

    /** WeChat Pay's own zone: its times are written {@code +08:00} and its bills cut at China midnight. */
    static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx");

    private final WechatSimulatorProperties properties;
    private final Environment environment;
    private final Clock clock;

    WechatSimulatorSettings(WechatSimulatorProperties properties, Environment environment,
                            ObjectProvider<Clock> clocks) {
        this.properties = properties;
        this.environment = environment;
        // A Clock bean of the host (or of a test) decides every time and bill day; we never define one.
        this.clock = clocks.getIfUnique(Clock::systemUTC);
    }

    String prefix() {
        return properties.pathPrefix();
    }

    /** The simulator's own base as a browser reaches it: the host's base URL plus the prefix. */
    String baseUrl() {
        return HostBaseUrl.configuredOrOwn(properties.publicBaseUrl(), environment) + prefix();
    }

    WechatSimulatorProperties properties() {
        return properties;
    }

    /** A delay of WeChat Pay's schedule as the simulator waits it: divided by the time compression. */
    long compressedMillis(Duration wechatDelay) {
        return (long) Math.ceil(wechatDelay.toMillis() / properties.timeCompression());
    }

    Clock clock() {
        return clock;
    }

    Instant now() {
        return clock.instant();
    }

    /** A time as WeChat Pay writes it: RFC 3339 in China time, {@code 2030-07-01T10:00:00+08:00}. */
    static String rfc3339(Instant instant) {
        return RFC3339.format(instant.atZone(CHINA).withZoneSameInstant(ZoneOffset.ofHours(8)));
    }
}
