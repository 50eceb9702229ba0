package dev.tristate.bootstrap.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.channel.alipay.AlipayNotificationFormat;
import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import dev.tristate.adapter.out.channel.stripe.StripeNotificationFormat;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.callback.CallbackTestSupport;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The bad-callback corpus ({@code fuzz/callbacks/cases.tsv}) sent over a plain socket to the sandbox, Alipay and
 * Stripe endpoints of one running application, with the default budget for recording refused callbacks: every answer
 * is below 500 and in the words of the channel the path names (or Tomcat's 400 for what Tomcat refuses before the
 * application sees it, and its 408 for a body that stops coming), and no payment changes. Signed cases carry a fresh signature of the fuzz tenant, so their
 * bodies reach the parser as genuine ones would. A body shorter than its Content-Length waits out Tomcat's read
 * timeout, set short here.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "server.tomcat.connection-timeout=2s"})
@ActiveProfiles("prod")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallbackFuzzTest {

    private static final String CORPUS = "/fuzz/callbacks/cases.tsv";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(REPEAT:(\\d+):([^}]*)|[A-Z]+)}");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    private final String merchant = "m-fuzz-" + suffix;
    private final String sandboxSecret = "fuzz-secret-" + suffix;
    private final String stripeAccount = "acct_fuzz" + suffix;
    private final String stripeSecret = "whsec_fuzz" + suffix;
    private final String appId = "2021" + suffix.replaceAll("[^0-9]", "7").substring(0, 10);
    private final Map<String, String> payments = new java.util.HashMap<>();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    ProvisionTenantUseCase tenants;

    @Autowired
    ChannelCredentialStore credentials;

    @Autowired
    DataSource dataSource;

    @BeforeAll
    void aTenantOnEveryChannel() throws Exception {
        TenantId tenant = new TenantId("t-fuzz-" + suffix);
        tenants.provision(new ProvisionTenantCommand(tenant, "Fuzz shop", new MerchantId(merchant), Optional.empty(),
                Optional.of(sandboxSecret)));
        credentials.bindAccount(tenant, StripeNotificationFormat.CHANNEL, stripeAccount, Instant.now());
        credentials.addSecret(tenant, StripeNotificationFormat.CHANNEL, StripeNotificationFormat.SECRET_NAME,
                stripeSecret, Instant.now(), Instant.now());
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        credentials.bindAccount(tenant, AlipayNotificationFormat.CHANNEL, appId, Instant.now());
        credentials.addSecret(tenant, AlipayNotificationFormat.CHANNEL, AlipayNotificationFormat.SECRET_NAME,
                Base64.getEncoder().encodeToString(rsa.generateKeyPair().getPublic().getEncoded()), Instant.now(),
                Instant.now());
        payments.put("sandbox", CallbackTestSupport.insertPendingPayment(dataSource, tenant.value()));
        payments.put("alipay", CallbackTestSupport.insertPendingPayment(dataSource, tenant.value(), "alipay", "CNY"));
        payments.put("stripe", CallbackTestSupport.insertPendingPayment(dataSource, tenant.value(), "stripe", "USD"));
    }

    @Test
    void noBadCallbackGetsA5xxAnAnswerOutOfTheChannelsWordsOrChangesAPayment() throws Exception {
        List<String[]> cases = corpus();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(100);
        List<Map<String, Object>> before = paymentState();
        List<String> failures = new ArrayList<>();
        for (String[] c : cases) {
            String name = c[1];
            RawHttp.Answer answer;
            try {
                answer = send(c);
            } catch (IOException e) {
                failures.add(name + ": no answer (" + e + ")");
                continue;
            }
            String problem = problemWith(answer, channelOf(path(c[0])), c[6]);
            if (problem != null) {
                failures.add(name + ": " + problem + " -> " + answer.status() + " " + abbreviated(answer.text()));
            }
            List<Map<String, Object>> now = paymentState();
            if (!now.equals(before)) {
                failures.add(name + ": payments changed: " + before + " -> " + now);
                before = now;
            }
        }
        System.out.println("[fuzz] " + cases.size() + " bad callbacks sent, " + failures.size() + " failures");
        assertThat(failures).as(cases.size() + " bad callbacks").isEmpty();
    }

    private static String problemWith(RawHttp.Answer answer, String channel, String expect) {
        if (answer.status() >= 500) {
            return "a 5xx";
        }
        if (expect.equals("tomcat400")) {
            return answer.status() == 400 ? null : "not Tomcat's 400";
        }
        if (expect.equals("timeout408")) {
            // Tomcat marks the exchange failed when its read times out and answers 408 whatever the handler wrote;
            // the handler still recorded what arrived.
            return answer.status() == 408 ? null : "not Tomcat's 408";
        }
        String text = answer.text();
        String type = String.valueOf(answer.header("content-type"));
        switch (channel) {
            case "sandbox" -> {
                JsonNode json = json(text);
                return type.startsWith("application/json") && json != null && json.path("code").isString()
                        && json.size() <= 2 ? null : "not the sandbox's {\"code\":...}";
            }
            case "alipay" -> {
                return type.startsWith("text/plain") && (text.equals("success") || text.equals("failure")) ? null
                        : "not Alipay's success/failure";
            }
            case "stripe" -> {
                JsonNode json = json(text);
                return type.startsWith("application/json") && json != null
                        && (json.has("received") || json.path("error").isString()) ? null : "not Stripe's JSON";
            }
            default -> {
                return answer.status() == 404 && text.equals("{\"code\":\"UNKNOWN_CHANNEL\"}") ? null
                        : "not the unknown-channel answer";
            }
        }
    }

    private RawHttp.Answer send(String[] c) throws IOException {
        String path = path(c[0]);
        String channel = channelOf(path);
        String notifyId = "fz" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        long t = Instant.now().getEpochSecond();
        byte[] body = bytes(fill(c[7], channel, notifyId, t));
        StringBuilder head = new StringBuilder("POST ").append(fill(path, channel, notifyId, t))
                .append(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        if (!c[3].equals("-")) {
            head.append("Content-Type: ").append(c[3]).append("\r\n");
        }
        if (c[2].equals("signed")) {
            head.append(signature(channel, t, body)).append("\r\n");
        }
        if (!c[4].equals("-")) {
            head.append(fill(c[4], channel, notifyId, t)).append("\r\n");
        }
        String transport = c[5];
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        switch (transport) {
            case "chunked" -> head.append("Transfer-Encoding: chunked\r\n");
            case "short" -> head.append("Content-Length: ").append(body.length + 20).append("\r\n");
            default -> head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        request.writeBytes(bytes(head.toString()));
        if (transport.equals("slow")) {
            return RawHttp.sendSlowly("127.0.0.1", port, request.toByteArray(), body, Duration.ofMillis(10), TIMEOUT);
        }
        if (transport.equals("chunked")) {
            for (int i = 0; i < body.length; i += 100) {
                int n = Math.min(100, body.length - i);
                request.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                request.write(body, i, n);
                request.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            request.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } else {
            request.writeBytes(body);
        }
        return RawHttp.send("127.0.0.1", port, request.toByteArray(), TIMEOUT);
    }

    private String signature(String channel, long t, byte[] body) {
        if (channel.equals("stripe")) {
            return "Stripe-Signature: t=" + t + ",v1=" + hmac(stripeSecret, t, body);
        }
        return SandboxSignature.HEADER + ": " + SandboxSignature.sign(sandboxSecret, t, body);
    }

    private static String hmac(String secret, long t, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private String path(String target) {
        if (target.startsWith("/")) {
            return target;
        }
        return target.equals("stripe") ? "/callbacks/stripe/" + stripeAccount : "/callbacks/" + target;
    }

    private static String channelOf(String path) {
        String rest = path.substring("/callbacks/".length());
        Matcher name = Pattern.compile("^/*([a-z]+)").matcher(rest);
        String first = name.find() ? name.group(1) : "";
        return List.of("sandbox", "alipay", "stripe").contains(first) ? first : "unknown";
    }

    private String fill(String text, String channel, String notifyId, long t) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = switch (m.group(1)) {
                case "PAYMENT" -> payments.getOrDefault(channel, payments.get("sandbox"));
                case "MERCHANT" -> merchant;
                case "APPID" -> appId;
                case "NOTIFY" -> notifyId;
                case "NOW" -> Instant.now().toString();
                case "T" -> Long.toString(t);
                default -> m.group(3).repeat(Integer.parseInt(m.group(2)));
            };
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    /** UTF-8, with {@code \xNN} as one byte and {@code \t \n \r \\} as in Java; any other backslash stays. */
    private static byte[] bytes(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(i + 1);
                if (next == 'x' && i + 3 < text.length()) {
                    out.write(Integer.parseInt(text.substring(i + 2, i + 4), 16));
                    i += 3;
                    continue;
                }
                int escaped = switch (next) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case '\\' -> '\\';
                    default -> -1;
                };
                if (escaped >= 0) {
                    out.write(escaped);
                    i++;
                    continue;
                }
            }
            int end = Character.isHighSurrogate(c) && i + 1 < text.length() ? i + 2 : i + 1;
            out.writeBytes(text.substring(i, end).getBytes(StandardCharsets.UTF_8));
            i = end - 1;
        }
        return out.toByteArray();
    }

    private static List<String[]> corpus() throws IOException {
        List<String[]> cases = new ArrayList<>();
        try (InputStream in = CallbackFuzzTest.class.getResourceAsStream(CORPUS)) {
            assertThat(in).as(CORPUS).isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", -1);
                assertThat(fields).as(line).hasSize(8);
                cases.add(fields);
            }
        }
        return cases;
    }

    private List<Map<String, Object>> paymentState() {
        return new JdbcTemplate(dataSource).queryForList("SELECT id, status, version, amount_minor, refunded_minor,"
                + " channel_txn_id FROM payments ORDER BY id");
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
