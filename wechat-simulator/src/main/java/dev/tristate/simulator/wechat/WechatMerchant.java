package dev.tristate.simulator.wechat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One merchant as WeChat Pay knows it: its {@code mchid}, the app ids bound to it (an order names one of them), the
 * public keys of its API certificates by serial number (a request signed with any of them verifies), and its APIv3
 * key (notifications are encrypted under it).
 */
public record WechatMerchant(String mchid, List<String> appIds, Map<String, String> publicKeysBySerial,
                             String apiV3Key) {

    private static final Pattern MCHID = Pattern.compile("[0-9]{1,32}");

    public WechatMerchant {
        if (mchid == null || !MCHID.matcher(mchid).matches()) {
            throw new IllegalArgumentException("a mchid is 1 to 32 digits");
        }
        appIds = List.copyOf(appIds);
        publicKeysBySerial = Map.copyOf(publicKeysBySerial);
        Objects.requireNonNull(apiV3Key, "APIv3 key");
        if (apiV3Key.getBytes(StandardCharsets.UTF_8).length != 32) {
            throw new IllegalArgumentException("merchant " + mchid + ": an APIv3 key is 32 bytes");
        }
    }
}
