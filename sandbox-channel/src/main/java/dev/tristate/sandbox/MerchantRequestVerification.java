package dev.tristate.sandbox;

import dev.tristate.simulator.kit.BufferedBodyRequest;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every request to the channel but the payer's pay page is a merchant's: {@code Sandbox-Merchant: <merchant id>} and
 * {@code Sandbox-Signature: t=<unix seconds>,v1=<hex>} over {@code <t>.<METHOD> <path with query>\n<body bytes>},
 * keyed with one of the merchant's valid secrets, {@code t} at most {@value #TOLERANCE_SECONDS} s from the clock.
 * Anything else is {@code 401 {"code":"BAD_SIGNATURE"}} before a controller runs, so nothing happens. The verified
 * merchant goes to the controllers as the request attribute {@link #MERCHANT}.
 */
final class MerchantRequestVerification extends OncePerRequestFilter {

    static final String MERCHANT = "dev.tristate.sandbox.merchant";
    static final String MERCHANT_HEADER = "Sandbox-Merchant";
    static final long TOLERANCE_SECONDS = 300;
    /** Far above any body the channel's API takes; a larger one is refused unread. */
    static final int MAX_BODY_BYTES = 64 * 1024;

    private static final String PAY_PAGE = "/sandbox-channel/pay";
    private static final Pattern UNIX_SECONDS = Pattern.compile("[0-9]{1,18}");
    private static final Pattern LOWER_HEX_SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final SandboxMerchants merchants;
    private final SandboxChannelSettings settings;

    MerchantRequestVerification(SandboxMerchants merchants, SandboxChannelSettings settings) {
        this.merchants = merchants;
        this.settings = settings;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !path.startsWith("/sandbox-channel/") || path.equals(PAY_PAGE) || path.startsWith(PAY_PAGE + "/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<BufferedBodyRequest> read = BufferedBodyRequest.read(request, MAX_BODY_BYTES);
        if (read.isEmpty()) {
            write(response, JsonResponses.error(HttpStatus.CONTENT_TOO_LARGE, "INVALID",
                    "the body is larger than " + MAX_BODY_BYTES + " bytes"));
            return;
        }
        String merchant = request.getHeader(MERCHANT_HEADER);
        boolean verified;
        try {
            verified = verifies(merchant, request.getHeader(CallbackSigner.HEADER), request.getMethod(),
                    pathWithQuery(request), read.get().body());
        } catch (SandboxMerchants.MerchantLookupFailed lookupFailed) {
            write(response, JsonResponses.error(HttpStatus.SERVICE_UNAVAILABLE, "RETRY",
                    "the merchant's settings could not be read; send again later"));
            return;
        }
        if (!verified) {
            write(response, ResponseEntity.status(HttpStatus.UNAUTHORIZED)
                    .contentType(MediaType.APPLICATION_JSON)
                    .body("{\"code\":\"BAD_SIGNATURE\"}".getBytes(StandardCharsets.UTF_8)));
            return;
        }
        request.setAttribute(MERCHANT, merchant);
        // The controller reads the very bytes that were verified.
        chain.doFilter(read.get(), response);
    }

    private boolean verifies(String merchant, String signature, String method, String pathWithQuery, byte[] body) {
        Optional<Signature> parsed = Signature.parse(signature);
        if (merchant == null || parsed.isEmpty()) {
            return false;
        }
        long now = settings.clock().instant().getEpochSecond();
        if (Math.abs(now - parsed.get().t()) > TOLERANCE_SECONDS) {
            return false;
        }
        for (String secret : merchants.secrets(merchant)) {
            byte[] expected = CallbackSigner.requestV1(secret, parsed.get().t(), method, pathWithQuery, body)
                    .getBytes(StandardCharsets.US_ASCII);
            for (String v1 : parsed.get().v1()) {
                if (MessageDigest.isEqual(expected, v1.getBytes(StandardCharsets.US_ASCII))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The path and query as the merchant sent them, still percent-encoded. */
    static String pathWithQuery(HttpServletRequest request) {
        String query = request.getQueryString();
        return request.getRequestURI() + (query == null ? "" : "?" + query);
    }

    private static void write(HttpServletResponse response, ResponseEntity<byte[]> answer) throws IOException {
        response.setStatus(answer.getStatusCode().value());
        response.setContentType(String.valueOf(answer.getHeaders().getContentType()));
        byte[] bytes = answer.getBody() == null ? new byte[0] : answer.getBody();
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** A parsed {@code Sandbox-Signature}: one {@code t} and every {@code v1} in lowercase hex. */
    record Signature(long t, List<String> v1) {

        static Optional<Signature> parse(String header) {
            if (header == null) {
                return Optional.empty();
            }
            Long t = null;
            List<String> v1 = new ArrayList<>();
            for (String item : header.split(",", -1)) {
                String entry = item.strip();
                int eq = entry.indexOf('=');
                if (eq <= 0) {
                    return Optional.empty();
                }
                String key = entry.substring(0, eq);
                String value = entry.substring(eq + 1);
                if (key.equals("t")) {
                    if (t != null || !UNIX_SECONDS.matcher(value).matches()) {
                        return Optional.empty();
                    }
                    t = Long.parseLong(value);
                } else if (key.equals("v1") && LOWER_HEX_SHA256.matcher(value).matches()) {
                    v1.add(value);
                }
            }
            return t == null || v1.isEmpty() ? Optional.empty() : Optional.of(new Signature(t, List.copyOf(v1)));
        }
    }
}
