package dev.tristate.simulator.wechat;

import java.util.Optional;

/**
 * Where the simulator finds its merchants when it needs them, as WeChat Pay reads its own: a host that keeps its
 * tenants' WeChat Pay settings defines one bean of this type, read at every request and notification, so a merchant
 * added or a key rotated while the process runs is known at once. Without one (or for a merchant it does not know)
 * the simulator uses the merchants registered through {@link WechatSimulator#register} or configured in
 * {@code tristate.wechat-simulator.merchants}.
 */
@FunctionalInterface
public interface WechatMerchantDirectory {

    /** The merchant as it stands now; empty when unknown. */
    Optional<WechatMerchant> merchant(String mchid);
}
