package dev.tristate.benchmark;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * An open loop: signed sandbox SUCCESS callbacks sent at a fixed arrival rate, whatever the answers do. Callback
 * {@code i} is due at {@code start + i / rate}; one dispatcher thread waits for that instant, signs the notification
 * (so its timestamp is fresh), records the send instant (wall clock, microseconds, for comparison with the
 * database's DATETIME(6) columns; and System.nanoTime for the HTTP answer) and sends it asynchronously, so a slow
 * answer delays no later callback. How far the dispatcher fell behind its schedule is reported.
 */
final class OpenLoop {

    private static final String SUCCESS = "{\"code\":\"SUCCESS\"}";

    /**
     * Per callback, by index: the send instant in epoch microseconds, the HTTP answer time in nanoseconds (0 when
     * unanswered or failed); the errors and the first of them; how late the dispatcher sent each callback (sorted).
     */
    record Result(long[] sentEpochMicros, long[] answerNanos, int errors, String firstError, long[] sortedLagNanos,
                  long elapsedNanos) {
    }

    private OpenLoop() {
    }

    /**
     * Sends one callback per payment id at {@code rate} per second; {@code marker} runs on the dispatcher thread
     * just before callback {@code markAt} is sent (the start of the measured part). Returns when every callback has
     * been answered, or after {@code answerTimeout} past the last send.
     */
    static Result run(HttpClient http, URI uri, String merchantId, String secret, List<String> paymentIds, double rate,
                      int markAt, Runnable marker, Duration answerTimeout) throws InterruptedException {
        int n = paymentIds.size();
        long[] sent = new long[n];
        long[] answers = new long[n];
        AtomicInteger errors = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(n);
        long period = Math.round(1e9 / rate);
        long[] lags = new long[n];
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
        for (int i = 0; i < n; i++) {
            long due = start + i * period;
            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            if (i == markAt && marker != null) {
                marker.run();
            }
            Callback cb = new CallbackChannel.Sandbox(merchantId, secret).success(paymentIds.get(i));
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json")
                    .header(SandboxSignature.HEADER, cb.headers().get(SandboxSignature.HEADER))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(cb.body())).build();
            long sentNanos = System.nanoTime();
            sent[i] = epochMicros(Instant.now());
            lags[i] = sentNanos - due;
            int index = i;
            http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((answer, failure) -> {
                long took = System.nanoTime() - sentNanos;
                String error = failure != null ? failure.toString()
                        : answer.statusCode() != 200 || !answer.body().equals(SUCCESS)
                        ? "HTTP " + answer.statusCode() + " " + answer.body() : null;
                if (error == null) {
                    answers[index] = took;
                } else {
                    errors.incrementAndGet();
                    firstError.compareAndSet(null, error);
                }
                done.countDown();
            });
        }
        long lastSent = System.nanoTime();
        if (!done.await(answerTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
            firstError.compareAndSet(null, done.getCount() + " callbacks unanswered " + answerTimeout.toSeconds()
                    + " s after the last send");
            errors.addAndGet((int) done.getCount());
        }
        java.util.Arrays.sort(lags);
        return new Result(sent, answers, errors.get(), firstError.get(), lags, lastSent - start);
    }

    static long epochMicros(Instant instant) {
        return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1_000;
    }
}
