package dev.tristate.simulator.wechat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/** The faults armed per merchant, each used up after its {@code times} matching calls. */
@Component
class WechatFaults {

    private static final class Armed {
        final WechatFault fault;
        int left;

        Armed(WechatFault fault) {
            this.fault = fault;
            this.left = fault.times();
        }
    }

    private final Map<String, List<Armed>> byMerchant = new ConcurrentHashMap<>();

    void arm(String mchid, WechatFault fault) {
        List<Armed> armed = byMerchant.computeIfAbsent(mchid, none -> new ArrayList<>());
        synchronized (armed) {
            armed.add(new Armed(fault));
        }
    }

    void clear(String mchid) {
        byMerchant.remove(mchid);
    }

    /** The first armed fault matching the call, used once. */
    Optional<WechatFault> take(String mchid, String method, String apiPath) {
        List<Armed> armed = byMerchant.get(mchid);
        if (armed == null) {
            return Optional.empty();
        }
        synchronized (armed) {
            for (Armed a : armed) {
                if (a.fault.matches(method, apiPath)) {
                    if (--a.left == 0) {
                        armed.remove(a);
                    }
                    return Optional.of(a.fault);
                }
            }
        }
        return Optional.empty();
    }
}
