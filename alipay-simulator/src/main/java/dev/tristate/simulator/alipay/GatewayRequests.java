package dev.tristate.simulator.alipay;

import dev.tristate.simulator.alipay.AlipaySimulatorApps.App;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks a call to {@code gateway.do} as Alipay's gateway does, in its order: the common parameters are there and
 * well-formed, the app exists, and the RSA2 signature over every other parameter (sorted by name, {@code k=v} joined by
 * {@code &}, empty values left out) verifies with one of the app's public keys.
 */
@Component
class GatewayRequests {

    static final Set<String> METHODS = Set.of("alipay.trade.precreate", "alipay.trade.page.pay",
            "alipay.trade.wap.pay", "alipay.trade.query", "alipay.trade.close", "alipay.trade.refund",
            "alipay.trade.fastpay.refund.query", "alipay.data.dataservice.bill.downloadurl.query");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, Charset> CHARSETS = Map.of("utf-8", StandardCharsets.UTF_8,
            "gbk", Charset.forName("GBK"));

    private final SimulatorApps apps;

    GatewayRequests(SimulatorApps apps) {
        this.apps = apps;
    }

    GatewayCall verify(Map<String, String> params) {
        String method = params.get("method");
        if (isEmpty(method)) {
            throw OpenApiError.missing("isv.missing-method", "缺少方法名参数");
        }
        if (!METHODS.contains(method)) {
            throw OpenApiError.invalid("isv.invalid-method", "不存在的方法名");
        }
        String appId = params.get("app_id");
        if (isEmpty(appId)) {
            throw OpenApiError.missing("isv.missing-app-id", "缺少AppID参数");
        }
        App app = apps.app(appId).orElseThrow(() -> OpenApiError.invalid("isv.invalid-app-id", "无效的AppID参数"));
        String sign = params.get("sign");
        if (isEmpty(sign)) {
            throw OpenApiError.missing("isv.missing-signature", "缺少签名参数");
        }
        String signType = params.get("sign_type");
        if (isEmpty(signType)) {
            throw OpenApiError.missing("isv.missing-signature-type", "缺少签名类型参数");
        }
        if (!"RSA2".equals(signType)) {
            throw OpenApiError.invalid("isv.invalid-signature-type", "无效的签名类型参数");
        }
        if (isEmpty(params.get("timestamp"))) {
            throw OpenApiError.missing("isv.missing-timestamp", "缺少时间戳参数");
        }
        if (ChinaTime.parse(params.get("timestamp")).isEmpty()) {
            throw OpenApiError.invalid("isv.invalid-timestamp", "非法的时间戳参数");
        }
        Charset charset = CHARSETS.get(params.getOrDefault("charset", "utf-8").toLowerCase());
        if (charset == null) {
            throw OpenApiError.invalid("isv.invalid-charset", "字符集错误");
        }
        String content = signContent(params);
        boolean verified = app.publicKeys().stream()
                .anyMatch(key -> SimulatorKeys.verifies(content, sign, key, charset));
        if (!verified) {
            throw OpenApiError.invalid("isv.invalid-signature", "验签出错");
        }
        return new GatewayCall(app, method, Map.copyOf(params), bizContent(params.get("biz_content")));
    }

    /** What an app signs: every parameter but sign, with a value, sorted by name. */
    static String signContent(Map<String, String> params) {
        StringBuilder content = new StringBuilder();
        params.keySet().stream().sorted().forEach(key -> {
            String value = params.get(key);
            if (!key.equals("sign") && !isEmpty(value)) {
                content.append(content.isEmpty() ? "" : "&").append(key).append('=').append(value);
            }
        });
        return content.toString();
    }

    private static JsonNode bizContent(String text) {
        if (isEmpty(text)) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode node = JSON.readTree(text);
            if (node != null && node.isObject()) {
                return node;
            }
        } catch (JacksonException malformed) {
            // answered below
        }
        throw OpenApiError.invalid("isv.invalid-biz-content", "biz_content is not a JSON object");
    }

    private static boolean isEmpty(String value) {
        return value == null || value.isEmpty();
    }
}
