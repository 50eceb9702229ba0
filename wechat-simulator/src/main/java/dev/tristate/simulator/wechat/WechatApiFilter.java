package dev.tristate.simulator.wechat;

import dev.tristate.simulator.kit.BufferedBodyRequest;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * What WeChat Pay does around every v3 call, before a controller runs: the {@code Authorization} header
 * ({@code WECHATPAY2-SHA256-RSA2048 mchid=...,nonce_str=...,timestamp=...,serial_no=...,signature=...}) must name a
 * known merchant and verify with the public key of that serial over {@code method\nurl\ntimestamp\nnonce\nbody\n}
 * (the URL as the merchant signed it, without this simulator's prefix), within five minutes of now; otherwise
 * {@code 401 SIGN_ERROR}. A forced {@link WechatFault} may answer instead. Every answer is signed with the platform key
 * ({@code Wechatpay-Serial}, {@code -Timestamp}, {@code -Nonce}, {@code -Signature}) and carries a
 * {@code Request-ID}. The bill file download is signed by the merchant like any call but its answer is not signed,
 * as WeChat Pay's is not.
 */
final class WechatApiFilter extends OncePerRequestFilter {

    static final String MCHID = "dev.tristate.simulator.wechat.mchid";
    static final int MAX_BODY_BYTES = 64 * 1024;
    private static final Duration CLOCK_SKEW = Duration.ofMinutes(5);
    private static final String SCHEMA = "WECHATPAY2-SHA256-RSA2048 ";
    private static final Pattern PAIR = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    private final WechatMerchants merchants;
    private final WechatPlatformKeys platform;
    private final WechatFaults faults;
    private final WechatSimulatorSettings settings;

    WechatApiFilter(WechatMerchants merchants, WechatPlatformKeys platform, WechatFaults faults,
                    WechatSimulatorSettings settings) {
        this.merchants = merchants;
        this.platform = platform;
        this.faults = faults;
        this.settings = settings;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String apiPath = path.startsWith(settings.prefix() + "/") ? path.substring(settings.prefix().length()) : path;
        String requestId = UUID.randomUUID().toString().replace("-", "").toUpperCase();
        response.setHeader("Request-ID", requestId);
        Optional<BufferedBodyRequest> buffered = BufferedBodyRequest.read(request, MAX_BODY_BYTES);
        if (buffered.isEmpty()) {
            error(response, 400, "PARAM_ERROR", "请求体过大");
            return;
        }
        byte[] body = buffered.get().body();
        String canonicalUrl = apiPath + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        Optional<String> mchid = authenticate(request.getHeader("Authorization"), request.getMethod(), canonicalUrl,
                new String(body, StandardCharsets.UTF_8));
        if (mchid.isEmpty()) {
            error(response, 401, "SIGN_ERROR", "签名错误");
            return;
        }
        request.setAttribute(MCHID, mchid.get());
        boolean download = apiPath.startsWith("/v3/billdownload/");
        Optional<WechatFault> fault = faults.take(mchid.get(), request.getMethod(), apiPath);
        if (fault.isPresent() && !fault.get().afterActing()) {
            if (fault.get().kind() == WechatFault.Kind.HANG) {
                hang(settings.properties().hangMs());
            } else if (fault.get().kind() != WechatFault.Kind.BAD_SIGNATURE) {
                answerFault(fault.get(), response);
                return;
            }
        }
        ContentCachingResponseWrapper cached = new ContentCachingResponseWrapper(response);
        chain.doFilter(buffered.get(), cached);
        if (fault.isPresent() && fault.get().afterActing()) {
            if (fault.get().kind() == WechatFault.Kind.HANG) {
                hang(settings.properties().hangMs());
            } else if (fault.get().kind() != WechatFault.Kind.BAD_SIGNATURE) {
                cached.resetBuffer();
                answerFault(fault.get(), response);
                return;
            }
        }
        if (!download) {
            String answer = new String(cached.getContentAsByteArray(), StandardCharsets.UTF_8);
            Map<String, String> headers = new HashMap<>(platform.sign(settings.now().getEpochSecond(), answer));
            if (fault.isPresent() && fault.get().kind() == WechatFault.Kind.BAD_SIGNATURE) {
                headers.put("Wechatpay-Signature", WechatSigning.sign(platform.current().privateKey(), "tampered"));
            }
            headers.forEach(cached::setHeader);
        }
        cached.copyBodyToResponse();
    }

    /** The merchant whose key verifies the request; empty for anything else. */
    private Optional<String> authenticate(String authorization, String method, String url, String body) {
        if (authorization == null || !authorization.startsWith(SCHEMA)) {
            return Optional.empty();
        }
        Map<String, String> token = new HashMap<>();
        Matcher m = PAIR.matcher(authorization.substring(SCHEMA.length()));
        while (m.find()) {
            token.put(m.group(1), m.group(2));
        }
        String mchid = token.get("mchid");
        String timestamp = token.get("timestamp");
        String nonce = token.get("nonce_str");
        String serial = token.get("serial_no");
        String signature = token.get("signature");
        if (mchid == null || timestamp == null || nonce == null || serial == null || signature == null) {
            return Optional.empty();
        }
        Optional<WechatMerchant> merchant = merchants.byId(mchid);
        String key = merchant.map(found -> found.publicKeysBySerial().get(serial)).orElse(null);
        if (key == null || !fresh(timestamp)) {
            return Optional.empty();
        }
        PublicKey publicKey;
        try {
            publicKey = WechatSigning.publicKey(key);
        } catch (IllegalArgumentException unusable) {
            return Optional.empty();
        }
        return WechatSigning.verifies(publicKey, WechatSigning.message(method, url, timestamp, nonce, body),
                signature) ? Optional.of(mchid) : Optional.empty();
    }

    private boolean fresh(String timestamp) {
        try {
            Instant signedAt = Instant.ofEpochSecond(Long.parseLong(timestamp));
            return Duration.between(signedAt, settings.now()).abs().compareTo(CLOCK_SKEW) <= 0;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void answerFault(WechatFault fault, HttpServletResponse response) throws IOException {
        if (fault.kind() == WechatFault.Kind.ERROR) {
            error(response, fault.status(), fault.code(), "模拟错误 (simulated " + fault.code() + ")");
            return;
        }
        // RESET: a head that promises more than ever comes; Tomcat closes a connection whose body fell short.
        response.setStatus(200);
        response.setContentType("application/json");
        response.setContentLength(4096);
        OutputStream out = response.getOutputStream();
        out.write("{\"code_url\":\"".getBytes(StandardCharsets.UTF_8));
        out.flush();
        response.flushBuffer();
    }

    /** WeChat Pay's error answer: {@code {"code":"...","message":"..."}}, signed like every answer. */
    private void error(HttpServletResponse response, int status, String code, String message) throws IOException {
        String body = WechatJson.write(WechatJson.object().put("code", code).put("message", message));
        platform.sign(settings.now().getEpochSecond(), body).forEach(response::setHeader);
        response.setStatus(status);
        response.setContentType("application/json");
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static void hang(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
