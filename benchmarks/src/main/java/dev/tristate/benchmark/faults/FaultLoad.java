package dev.tristate.benchmark.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load of a fault scenario, as a merchant and a channel make it: each operation creates a payment through the
 * merchant API ({@code POST /api/v1/payments}, an {@code Idempotency-Key} of its own, a {@code tokens:N} SKU so that
 * a double grant shows as money), then sends the sandbox channel's signed SUCCESS notification for it. Like a
 * channel, it sends the same request again after anything but a definite answer (no answer, a refused connection,
 * a 5xx, 409 or 429), so that an instance that is down only delays an operation. A notification counts as
 * acknowledged only when answered 200 {@code {"code":"SUCCESS"}}, a payment as created only when answered 201, or
 * 202 with its id: these are what the invariants hold the database to. {@link FaultLoadRequests} sends the requests
 * and counts their attempts, {@link FaultLoadStorm} sends a channel storm's notifications.
 */
public final class FaultLoad {

    /** What the merchant was told exists: a payment, its user and the tokens its SKU grants. */
    public record Created(String paymentId, String userId, long tokens, long amountMinor) {
    }

    /** A notification the channel was told is recorded. */
    public record Acknowledged(String notifyId, String paymentId) {
    }

    private final String tenantId;
    private final int concurrency;
    private final FaultLoadRequests requests;
    private final Map<String, Created> created = new ConcurrentHashMap<>();
    private final Map<String, Acknowledged> acknowledged = new ConcurrentHashMap<>();
    private final AtomicInteger nextOperation = new AtomicInteger();
    private final AtomicLong duplicatesSent = new AtomicLong();
    private final FaultLoadStorm channelStorm;
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean running;
    private volatile double duplicateShare;
    private volatile int stormCompression;

    FaultLoad(String tenantId, String merchantId, String signingSecret, String apiKey, int concurrency, String runId) {
        this.tenantId = tenantId;
        this.concurrency = concurrency;
        this.requests = new FaultLoadRequests(merchantId, signingSecret, apiKey, runId);
        this.channelStorm = new FaultLoadStorm(requests, acknowledged, duplicatesSent);
    }

    public String tenantId() {
        return tenantId;
    }

    /** Where the requests go from now on: one instance, or a load balancer in front of several. */
    public void target(String baseUrl) {
        requests.target(baseUrl);
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
        requests.giveUpAt(System.nanoTime() + within.toNanos());
        for (Thread worker : workers) {
            worker.join(Math.max(1, within.toMillis() + 5_000));
        }
    }

    private void work() {
        Random random = ThreadLocalRandom.current();
        while (running) {
            int operation = nextOperation.getAndIncrement();
            Created payment = requests.createPayment(operation);
            if (payment == null) {
                continue;
            }
            created.put(payment.paymentId(), payment);
            String notifyId = "n-" + payment.paymentId();
            String tradeNo = "T-" + payment.paymentId();
            byte[] body = requests.notification(payment, notifyId, tradeNo, "SUCCESS");
            int compression = stormCompression;
            if (compression > 0) {
                channelStorm.send(payment, notifyId, tradeNo, body, compression, random);
                continue;
            }
            if (!requests.notify(body)) {
                continue;
            }
            acknowledged.put(notifyId, new Acknowledged(notifyId, payment.paymentId()));
            if (random.nextDouble() < duplicateShare) {
                duplicatesSent.incrementAndGet();
                requests.notify(body);
            }
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
        return requests.requests();
    }

    public long failedAttempts() {
        return requests.failedAttempts();
    }

    public long duplicatesSent() {
        return duplicatesSent.get();
    }

    /** Notifications answered "retry" (429 or 5xx) by a running instance, each sent again. */
    public long retryAnswers() {
        return requests.retryAnswers();
    }

    /** Reports of another status sent before or after a payment's success (each must change nothing). */
    public long staleSent() {
        return channelStorm.staleSent();
    }

    public int unfinished() {
        return requests.unfinished();
    }

    /** Definite refusals (4xx other than 409 and 429): none are expected, so each is reported. */
    public int refused() {
        return requests.refused();
    }

    public String firstRefusal() {
        return requests.firstRefusal();
    }
}
