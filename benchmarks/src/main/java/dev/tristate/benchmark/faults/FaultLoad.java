package dev.tristate.benchmark.faults;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The load of a fault scenario, as a merchant and a channel make it: each operation creates a payment through the
 * merchant API ({@code POST /api/v1/payments}, an {@code Idempotency-Key} of its own, a {@code tokens:N} SKU so that
 * a double grant shows as money), then sends the sandbox channel's signed SUCCESS notification for it. Like a
 * channel, it sends the same request again after anything but a definite answer (no answer, a refused connection,
 * a 5xx, 409 or 429), so that an instance that is down only delays an operation. A notification counts as
 * acknowledged only when answered 200 {@code {"code":"SUCCESS"}}, a payment as created only when answered 201, or
 * 202 with its id: these are what the invariants hold the database to.
 */
public final class FaultLoad {

    /** What the merchant was told exists: a payment, its user and the tokens its SKU grants. */
    public record Created(String paymentId, String userId, long tokens, long amountMinor) {
    }

    /** A notification the channel was told is recorded. */
    public record Acknowledged(String notifyId, String paymentId) {
    }

    private static final Pattern PAYMENT_ID = Pattern.compile("\"payment_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([^\"]+)\"");
    private static final int USERS = 7;

    private final String tenantId;
    private final String merchantId;
    private final String signingSecret;
    private final String apiKey;
    private final int concurrency;
    private final String runId;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final Map<String, Created> created = new ConcurrentHashMap<>();
    private final Map<String, Acknowledged> acknowledged = new ConcurrentHashMap<>();
    private final AtomicInteger nextOperation = new AtomicInteger();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong failedAttempts = new AtomicLong();
    private final AtomicLong duplicatesSent = new AtomicLong();
    private final AtomicInteger unfinished = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicReference<String> firstRefusal = new AtomicReference<>();
    private final List<Thread> workers = new ArrayList<>();
    private volatile String target;
    private volatile boolean running;
    private volatile long giveUpAtNanos = Long.MAX_VALUE;
    private volatile double duplicateShare;
    private volatile int stormCompression;
    private final AtomicLong staleSent = new AtomicLong();
    private final AtomicLong retryAnswers = new AtomicLong();

    FaultLoad(String tenantId, String merchantId, String signingSecret, String apiKey, int concurrency, String runId) {
        this.tenantId = tenantId;
        this.merchantId = merchantId;
        this.signingSecret = signingSecret;
        this.apiKey = apiKey;
        this.concurrency = concurrency;
        this.runId = runId;
    }

    public String tenantId() {
        return tenantId;
    }

    /** Where the requests go from now on: one instance, or a load balancer in front of several. */
    public void target(String baseUrl) {
        this.target = baseUrl;
    }

    /** The share of acknowledged notifications sent once more, as channels re-send what they doubt (0..1). */
    public void duplicateShare(double share) {
        this.duplicateShare = share;
    }

    /**
     * Makes the load a channel storm: every success is sent as 1 to 3 identical copies at once, then again on the
     * sandbox channel's retry schedule (1 s, then each pause twice the last, 8 attempts in all; sandbox-channel's
     * README) divided by {@code compression}, for a random number of attempts as a channel that missed the answer
     * would; and a third of the payments get a PROCESSING report before their success and a third a late PROCESSING,
     * FAILED or CLOSED report after it (another notify id each), which must change nothing (stale, invariant I1).
     */
    public void storm(int compression) {
        this.stormCompression = compression;
    }

    /** Starts the workers; each runs operations until {@link #finish(Duration)}. */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        for (int w = 0; w < concurrency; w++) {
            Thread worker = new Thread(this::work, "fault-load-" + w);
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
    }

    /**
     * Starts no new operation and waits for the ones under way to complete, re-sending until answered; an operation
     * still unanswered after {@code within} is given up and counted as unfinished (it is neither created nor
     * acknowledged, so no invariant depends on it).
     */
    public void finish(Duration within) throws InterruptedException {
        running = false;
        giveUpAtNanos = System.nanoTime() + within.toNanos();
        for (Thread worker : workers) {
            worker.join(Math.max(1, within.toMillis() + 5_000));
        }
    }

    private void work() {
        Random random = ThreadLocalRandom.current();
        while (running) {
            int operation = nextOperation.getAndIncrement();
            Created payment = createPayment(operation);
            if (payment == null) {
                continue;
            }
            String notifyId = "n-" + payment.paymentId();
            String tradeNo = "T-" + payment.paymentId();
            byte[] body = notification(payment, notifyId, tradeNo, "SUCCESS");
            int compression = stormCompression;
            if (compression > 0) {
                storm(payment, notifyId, tradeNo, body, compression, random);
                continue;
            }
            if (!notify(body)) {
                continue;
            }
            acknowledged.put(notifyId, new Acknowledged(notifyId, payment.paymentId()));
            if (random.nextDouble() < duplicateShare) {
                duplicatesSent.incrementAndGet();
                notify(body);
            }
        }
    }

    private void storm(Created payment, String notifyId, String tradeNo, byte[] body, int compression,
                       Random random) {
        int kind = random.nextInt(3);
        if (kind == 0) {
            byte[] early = notification(payment, "p-" + payment.paymentId(), tradeNo, "PROCESSING");
            staleSent.incrementAndGet();
            notify(early);
        }
        int copies = 1 + random.nextInt(3);
        List<Thread> extra = new ArrayList<>();
        for (int c = 1; c < copies; c++) {
            Thread copy = new Thread(() -> notify(body), "fault-load-copy");
            copy.setDaemon(true);
            copy.start();
            extra.add(copy);
            duplicatesSent.incrementAndGet();
        }
        boolean acked = notify(body);
        for (Thread copy : extra) {
            try {
                copy.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        if (!acked) {
            return;
        }
        acknowledged.put(notifyId, new Acknowledged(notifyId, payment.paymentId()));
        // Attempts 2..8 of the schedule, as a channel that did not see the answer: 1 s, 2 s, 4 s ... compressed.
        int resends = random.nextInt(4);
        long pause = 1_000;
        for (int attempt = 2; attempt <= 1 + resends && attempt <= 8; attempt++) {
            sleep(Math.max(1, pause / compression));
            pause *= 2;
            duplicatesSent.incrementAndGet();
            notify(body);
        }
        if (kind == 1) {
            String late = List.of("PROCESSING", "FAILED", "CLOSED").get(random.nextInt(3));
            staleSent.incrementAndGet();
            notify(notification(payment, "l-" + payment.paymentId(), tradeNo, late));
        }
    }

    /** One payment through the merchant API, re-sent under the same key until it has an answer that names it. */
    private Created createPayment(int operation) {
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
                Created payment = new Created(id.group(1), user, tokens, amount);
                created.put(payment.paymentId(), payment);
                return payment;
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
    private byte[] notification(Created payment, String notifyId, String tradeNo, String tradeStatus) {
        String json = "{\"notify_id\":\"" + notifyId + "\",\"merchant_id\":\"" + merchantId + "\",\"out_trade_no\":\""
                + payment.paymentId() + "\",\"trade_no\":\"" + tradeNo + "\",\"trade_status\":\"" + tradeStatus + "\","
                + "\"amount_minor\":" + payment.amountMinor() + ",\"currency\":\"CNY\",\"event_time\":\""
                + Instant.now() + "\"}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** Posts the notification until it is answered success (true) or refused for good (false). */
    private boolean notify(byte[] body) {
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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Payments the merchant API answered with their id. */
    public Map<String, Created> created() {
        return Map.copyOf(created);
    }

    /** Notifications answered success, by notify id. */
    public Map<String, Acknowledged> acknowledged() {
        return Map.copyOf(acknowledged);
    }

    /** Operations: payments created plus notifications acknowledged. */
    public long operations() {
        return created.size() + acknowledged.size();
    }

    public long requests() {
        return requests.get();
    }

    public long failedAttempts() {
        return failedAttempts.get();
    }

    public long duplicatesSent() {
        return duplicatesSent.get();
    }

    /** Notifications answered "retry" (429 or 5xx) by a running instance, each sent again. */
    public long retryAnswers() {
        return retryAnswers.get();
    }

    /** Reports of another status sent before or after a payment's success (each must change nothing). */
    public long staleSent() {
        return staleSent.get();
    }

    public int unfinished() {
        return unfinished.get();
    }

    /** Definite refusals (4xx other than 409 and 429): none are expected, so each is reported. */
    public int refused() {
        return refused.get();
    }

    public String firstRefusal() {
        return firstRefusal.get();
    }
}
