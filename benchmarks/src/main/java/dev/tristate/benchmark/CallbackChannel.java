package dev.tristate.benchmark;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import dev.tristate.simulator.wechat.WechatSigning;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The channel whose notifications the callback benchmark sends ({@code --channel}): its account, the secrets the
 * application reads on the callback path, the wire format and the answer that means "recorded".
 */
interface CallbackChannel {

    /** The channel's name, as in {@code /callbacks/{channel}} and the payments' {@code channel} column. */
    String name();

    /** The tenant's account at the channel: what the callback path looks the tenant up by. */
    String accountId();

    /** The secret the signature is verified with (the lookup joined to the account). */
    String verifyingSecretName();

    /** Further secrets the callback path reads after verification, one lookup each (none for the sandbox). */
    List<String> openingSecretNames();

    /** Every secret of the tenant for this channel, by name, as the application stores them (before encryption). */
    Map<String, String> secrets();

    String path();

    int successStatus();

    String successBody();

    Callback success(String paymentId);

    static CallbackChannel of(String name, String runId) {
        return switch (name) {
            case "sandbox" -> new Sandbox("m-bench-" + runId,
                    "bench-secret-" + HexFormat.of().formatHex(Report.random(16)));
            case "wechat" -> Wechat.create();
            default -> throw new IllegalArgumentException("--channel is sandbox or wechat, not " + name);
        };
    }

    /** The pending payment's id without its prefix: the notification's and trade's ids are derived from it. */
    private static String suffix(String paymentId) {
        return paymentId.substring(paymentId.indexOf('_') + 1);
    }

    /** The sandbox contract's JSON notification, signed with the channel's own signer ({@link SandboxSignature}). */
    record Sandbox(String accountId, String secret) implements CallbackChannel {

        @Override
        public String name() {
            return "sandbox";
        }

        @Override
        public String verifyingSecretName() {
            return "signing-secret";
        }

        @Override
        public List<String> openingSecretNames() {
            return List.of();
        }

        @Override
        public Map<String, String> secrets() {
            return Map.of(verifyingSecretName(), secret);
        }

        @Override
        public String path() {
            return "/callbacks/sandbox";
        }

        @Override
        public int successStatus() {
            return 200;
        }

        @Override
        public String successBody() {
            return "{\"code\":\"SUCCESS\"}";
        }

        @Override
        public Callback success(String paymentId) {
            String notifyId = "n-" + suffix(paymentId);
            String tradeNo = "T-" + suffix(paymentId);
            Instant eventTime = Instant.now();
            String json = "{\"notify_id\":\"" + notifyId + "\",\"merchant_id\":\"" + accountId
                    + "\",\"out_trade_no\":\"" + paymentId + "\",\"trade_no\":\"" + tradeNo
                    + "\",\"trade_status\":\"SUCCESS\",\"amount_minor\":" + Database.AMOUNT_MINOR + ",\"currency\":\""
                    + Database.CURRENCY + "\",\"event_time\":\"" + eventTime + "\"}";
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            return new Callback(paymentId, notifyId, tradeNo, eventTime, body, Map.of(SandboxSignature.HEADER,
                    SandboxSignature.sign(secret, Instant.now().getEpochSecond(), body)));
        }
    }

    /**
     * WeChat Pay v3's {@code TRANSACTION.SUCCESS}: the transaction sealed with AEAD_AES_256_GCM under the tenant's
     * APIv3 key, the envelope signed with a platform key of the run (SHA256withRSA, 2048 bits) in the
     * {@code Wechatpay-*} headers, posted to {@code /callbacks/wechat/{mchid}}, as the WeChat Pay simulator sends it.
     */
    record Wechat(String accountId, String appId, String apiV3Key, String platformKeyId, KeyPair platform)
            implements CallbackChannel {

        private static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX")
                .withZone(ZoneOffset.ofHours(8));

        static Wechat create() {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                String digits = String.valueOf(1_000_000_000L + java.util.concurrent.ThreadLocalRandom.current()
                        .nextLong(8_999_999_999L));
                return new Wechat(digits, "wxbench" + HexFormat.of().formatHex(Report.random(5)),
                        HexFormat.of().formatHex(Report.random(16)),
                        "PUB_KEY_ID_BENCH" + HexFormat.of().formatHex(Report.random(6)).toUpperCase(),
                        generator.generateKeyPair());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("the JDK has no RSA", e);
            }
        }

        @Override
        public String name() {
            return "wechat";
        }

        @Override
        public String verifyingSecretName() {
            return "platform-public-key";
        }

        @Override
        public List<String> openingSecretNames() {
            return List.of("apiv3-key", "app-id");
        }

        @Override
        public Map<String, String> secrets() {
            Map<String, String> secrets = new LinkedHashMap<>();
            secrets.put(verifyingSecretName(), platformKeyId + ":"
                    + Base64.getEncoder().encodeToString(platform.getPublic().getEncoded()));
            secrets.put("apiv3-key", apiV3Key);
            secrets.put("app-id", appId);
            return secrets;
        }

        @Override
        public String path() {
            return "/callbacks/wechat/" + accountId;
        }

        @Override
        public int successStatus() {
            return 204;
        }

        @Override
        public String successBody() {
            return "";
        }

        @Override
        public Callback success(String paymentId) {
            String notifyId = "EV-" + suffix(paymentId);
            String tradeNo = "42000" + suffix(paymentId).substring(0, 23);
            Instant eventTime = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            String transaction = "{\"mchid\":\"" + accountId + "\",\"appid\":\"" + appId + "\",\"out_trade_no\":\""
                    + paymentId + "\",\"transaction_id\":\"" + tradeNo + "\",\"trade_type\":\"NATIVE\","
                    + "\"trade_state\":\"SUCCESS\",\"trade_state_desc\":\"支付成功\",\"bank_type\":\"OTHERS\","
                    + "\"attach\":\"\",\"success_time\":\"" + RFC3339.format(eventTime) + "\",\"payer\":{\"openid\":"
                    + "\"oBench\"},\"amount\":{\"total\":" + Database.AMOUNT_MINOR + ",\"payer_total\":"
                    + Database.AMOUNT_MINOR + ",\"currency\":\"" + Database.CURRENCY + "\",\"payer_currency\":\""
                    + Database.CURRENCY + "\"}}";
            String nonce = WechatSigning.nonce(12);
            String envelope = "{\"id\":\"" + notifyId + "\",\"create_time\":\"" + RFC3339.format(eventTime)
                    + "\",\"resource_type\":\"encrypt-resource\",\"event_type\":\"TRANSACTION.SUCCESS\","
                    + "\"summary\":\"支付成功\",\"resource\":{\"original_type\":\"transaction\",\"algorithm\":"
                    + "\"AEAD_AES_256_GCM\",\"ciphertext\":\"" + WechatSigning.encrypt(apiV3Key, "transaction", nonce,
                    transaction) + "\",\"associated_data\":\"transaction\",\"nonce\":\"" + nonce + "\"}}";
            String timestamp = String.valueOf(Instant.now().getEpochSecond());
            String headerNonce = WechatSigning.nonce(32);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Wechatpay-Serial", platformKeyId);
            headers.put("Wechatpay-Timestamp", timestamp);
            headers.put("Wechatpay-Nonce", headerNonce);
            headers.put("Wechatpay-Signature", WechatSigning.sign(platform.getPrivate(),
                    WechatSigning.message(timestamp, headerNonce, envelope)));
            headers.put("Wechatpay-Signature-Type", "WECHATPAY2-SHA256-RSA2048");
            return new Callback(paymentId, notifyId, tradeNo, eventTime, envelope.getBytes(StandardCharsets.UTF_8),
                    headers);
        }
    }
}
