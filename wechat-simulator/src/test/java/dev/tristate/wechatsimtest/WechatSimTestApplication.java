package dev.tristate.wechatsimtest;

import dev.tristate.simulator.wechat.WechatSimulatorConfiguration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * A minimal host for the simulator, the way bootstrap hosts it (imported, not scanned), with a merchant's notify URL
 * that refuses the first {@link #refuseFirst} notifications and then acknowledges with 204. It lives outside
 * {@code dev.tristate.simulator.wechat} so that the simulator's own component scan does not find it.
 */
@SpringBootApplication
@Import(WechatSimulatorConfiguration.class)
@RestController
public class WechatSimTestApplication {

    /** One notification as it arrived. */
    public record Arrived(Map<String, String> headers, String body) {
    }

    public static final List<Arrived> ARRIVED = new CopyOnWriteArrayList<>();
    public static final AtomicInteger refuseFirst = new AtomicInteger();

    @PostMapping("/notify")
    ResponseEntity<String> notified(@RequestHeader Map<String, String> headers, @RequestBody String body) {
        Map<String, String> lowerCase = new java.util.HashMap<>();
        headers.forEach((name, value) -> lowerCase.put(name.toLowerCase(java.util.Locale.ROOT), value));
        ARRIVED.add(new Arrived(lowerCase, body));
        if (refuseFirst.getAndDecrement() > 0) {
            return ResponseEntity.status(500).body("{\"code\":\"FAIL\",\"message\":\"not now\"}");
        }
        return ResponseEntity.noContent().build();
    }
}
