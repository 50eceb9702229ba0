package dev.tristate.benchmark.faults;

import dev.tristate.benchmark.faults.FaultLoad.Acknowledged;
import dev.tristate.benchmark.faults.FaultLoad.Created;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One payment's success sent as a channel storm sends it ({@link FaultLoad#storm(int)}): identical copies at once,
 * re-sends on the sandbox channel's schedule compressed, and stale reports before or after. Apart from
 * {@link FaultLoad} so that the storm's schedule reads in one place beside the plain load's single send.
 */
final class FaultLoadStorm {

    private final FaultLoadRequests requests;
    private final Map<String, Acknowledged> acknowledged;
    private final AtomicLong duplicatesSent;
    private final AtomicLong staleSent = new AtomicLong();

    /** Records what the channel was told into {@code acknowledged} and counts re-sends in {@code duplicatesSent}. */
    FaultLoadStorm(FaultLoadRequests requests, Map<String, Acknowledged> acknowledged, AtomicLong duplicatesSent) {
        this.requests = requests;
        this.acknowledged = acknowledged;
        this.duplicatesSent = duplicatesSent;
    }

    void send(Created payment, String notifyId, String tradeNo, byte[] body, int compression, Random random) {
        int kind = random.nextInt(3);
        if (kind == 0) {
            byte[] early = requests.notification(payment, "p-" + payment.paymentId(), tradeNo, "PROCESSING");
            staleSent.incrementAndGet();
            requests.notify(early);
        }
        int copies = 1 + random.nextInt(3);
        List<Thread> extra = new ArrayList<>();
        for (int c = 1; c < copies; c++) {
            Thread copy = new Thread(() -> requests.notify(body), "fault-load-copy");
            copy.setDaemon(true);
            copy.start();
            extra.add(copy);
            duplicatesSent.incrementAndGet();
        }
        boolean acked = requests.notify(body);
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
            FaultLoadRequests.sleep(Math.max(1, pause / compression));
            pause *= 2;
            duplicatesSent.incrementAndGet();
            requests.notify(body);
        }
        if (kind == 1) {
            String late = List.of("PROCESSING", "FAILED", "CLOSED").get(random.nextInt(3));
            staleSent.incrementAndGet();
            requests.notify(requests.notification(payment, "l-" + payment.paymentId(), tradeNo, late));
        }
    }

    /** Reports of another status sent before or after a payment's success. */
    long staleSent() {
        return staleSent.get();
    }
}
