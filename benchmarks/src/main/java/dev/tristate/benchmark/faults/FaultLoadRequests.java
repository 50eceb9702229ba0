package dev.tristate.benchmark.faults;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import dev.tristate.benchmark.faults.FaultLoad.Created;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fault load's requests, as a merchant and a channel send them: a payment through the merchant API and the
 * sandbox channel's signed notification, each sent again after anything but a definite answer until it has one or the
 * load gives up, and what those attempts count. Apart from {@link FaultLoad}, which decides what to send and when, so
 * that the rules for a definite answer stand in one place.
 */
final class FaultLoadRequests {

    private static final Pattern PAYMENT_ID = Pattern.compile("\"payment_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([^\"]+)\"");
    private static final int USERS = 7;

    private final String merchantId;
    private final String signingSecret;
    private final String apiKey;
    private final String runId;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong failedAttempts = new AtomicLong();
    private final AtomicInteger unfinished = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicReference<String> firstRefusal = new AtomicReference<>();
    private final AtomicLong retryAnswers = new AtomicLong();
    private volatile String target;
    private volatile long giveUpAtNanos = Long.MAX_VALUE;

    FaultLoadRequests(String merchantId, String signingSecret, String apiKey, String runId) {
        this.merchantId = merchantId;
        this.signingSecret = signingSecret;
        this.apiKey = apiKey;
        this.runId = runId;
    }

    /** Where the requests go from now on. */
    void target(String baseUrl) {
        this.target = baseUrl;
    }

    /** From {@code nanos} ({@link System#nanoTime()}) on, a request still unanswered is given up as unfinished. */
    void giveUpAt(long nanos) {
        this.giveUpAtNanos = nanos;
    }

    /** One payment through the merchant API, re-sent under the same key until it has an answer that names it. */
    Created createPayment(int operation) {
        String user = "u-" + (operation % USERS);
        long tokens = 1 + (operation * 37L) % 500;
        long amount = 100 + (operation * 53L) % 9_900;
        String key = "fault-" + runId + "-" + operation;
        String body = "{\"merchant_order_id\":\"o-" + runId + "-" + operation + "\",\"amount_minor\":" + amount
                + ",\"currency\":\"CNY\",\"channel\":\"sandbox\",\"user_id\":\"" + user + "\",\"sku\":\"tokens:"
                + tokens + "\",\"description\":\"fault suite\"}";
        while (true) {
            if (System.nanoTime() > giveUpAtNanos) {
                unfinished.incrementAndGet();
                return null;
            }
            HttpRequest request = HttpRequest.newBuilder(URI.create(target + "/api/v1/payments"))
                    .timeout(Duration.ofSeconds(15))
                    .header("Authorization", "Bearer " + apiKey)
                    .header("Idempotency-Key", key)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            HttpResponse<String> answer = send(request);
            if (answer == null) {
                continue;
            }
            int status = answer.statusCode();
            Matcher id = PAYMENT_ID.matcher(answer.body());
            Matcher state = STATUS.matcher(answer.body());
            boolean unknown = state.find() && state.group(1).equals("UNKNOWN");
            if ((status == 201 || status == 202 && !unknown) && id.find()) {
                return new Created(id.group(1), user, tokens, amount);
            }
            if (status == 202 || status == 409 || status == 429 || status >= 500) {
                failedAttempts.incrementAndGet();
                pause(answer);
                continue;
            }
            refusal("POST /api/v1/payments answered " + status + ": " + answer.body());
            return null;
        }
    }

    /** The sandbox's notification for the payment, as its channel would send it (signed per attempt). */
    byte[] notification(Created payment, String notifyId, String tradeNo, String tradeStatus) {
        String json = "{\"notify_id\":\"" + notifyId + "\",\"merchant_id\":\"" + merchantId + "\",\"out_trade_no\":\""
                + payment.paymentId() + "\",\"trade_no\":\"" + tradeNo + "\",\"trade_status\":\"" + tradeStatus + "\","
                + "\"amount_minor\":" + payment.amountMinor() + ",\"currency\":\"CNY\",\"event_time\":\""
                + Instant.now() + "\"}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** Posts the notification until it is answered success (true) or refused for good (false). */
    boolean notify(byte[] body) {
        while (true) {
            if (System.nanoTime() > giveUpAtNanos) {
                unfinished.incrementAndGet();
                return false;
            }
            HttpRequest request = HttpRequest.newBuilder(URI.create(target + "/callbacks/sandbox"))
                    .timeout(Duration.ofSeconds(15))
                    .header("Content-Type", "application/json")
                    .header(SandboxSignature.HEADER, SandboxSignature.sign(signingSecret,
                            Instant.now().getEpochSecond(), body))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
            HttpResponse<String> answer = send(request);
            if (answer == null) {
                continue;
            }
            int status = answer.statusCode();
            if (status == 200 && answer.body().contains("\"SUCCESS\"")) {
                return true;
            }
            if (status == 429 || status >= 500) {
                failedAttempts.incrementAndGet();
                retryAnswers.incrementAndGet();
                pause(answer);
                continue;
            }
            refusal("POST /callbacks/sandbox answered " + status + ": " + answer.body());
            return false;
        }
    }

    private HttpResponse<String> send(HttpRequest request) {
        requests.incrementAndGet();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException down) {
            // The instance is down or went down mid-request: no answer, so send again, as a channel would.
            failedAttempts.incrementAndGet();
            sleep(150 + ThreadLocalRandom.current().nextInt(250));
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private void pause(HttpResponse<String> answer) {
        long millis = 200 + ThreadLocalRandom.current().nextInt(300);
        String retryAfter = answer.headers().firstValue("Retry-After").orElse("");
        if (retryAfter.matches("\\d{1,4}")) {
            millis = Math.min(5_000, Math.max(millis, Long.parseLong(retryAfter) * 1000));
        }
        sleep(millis);
    }

    private void refusal(String what) {
        refused.incrementAndGet();
        firstRefusal.compareAndSet(null, what.length() > 300 ? what.substring(0, 300) : what);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    long requests() {
        return requests.get();
    }

    long failedAttempts() {
        return failedAttempts.get();
    }

    long retryAnswers() {
        return retryAnswers.get();
    }

    int unfinished() {
        return unfinished.get();
    }

    int refused() {
        return refused.get();
    }

    String firstRefusal() {
        return firstRefusal.get();
    }
}
