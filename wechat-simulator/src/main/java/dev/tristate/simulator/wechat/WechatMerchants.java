package dev.tristate.simulator.wechat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** The merchants the simulator knows: the host's {@link WechatMerchantDirectory} first, then those registered here. */
@Component
class WechatMerchants {

    private final ObjectProvider<WechatMerchantDirectory> host;
    private final Map<String, WechatMerchant> registered = new ConcurrentHashMap<>();

    WechatMerchants(ObjectProvider<WechatMerchantDirectory> host, WechatSimulatorProperties properties) {
        this.host = host;
        properties.merchants().forEach((mchid, m) -> register(new WechatMerchant(mchid,
                m.appIds() == null ? List.of() : m.appIds(),
                m.publicKeysBySerial() == null ? Map.of() : m.publicKeysBySerial(), m.apiV3Key())));
    }

    void register(WechatMerchant merchant) {
        registered.put(merchant.mchid(), merchant);
    }

    Optional<WechatMerchant> byId(String mchid) {
        if (mchid == null) {
            return Optional.empty();
        }
        WechatMerchantDirectory directory = host.getIfUnique();
        Optional<WechatMerchant> fromHost = directory == null ? Optional.empty() : directory.merchant(mchid);
        return fromHost.isPresent() ? fromHost : Optional.ofNullable(registered.get(mchid));
    }
}
