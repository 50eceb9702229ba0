package dev.tristate.benchmark.peer.app;

import dev.tristate.benchmark.peer.steady.SteadyWriting;
import io.namastack.outbox.Outbox;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The peer's steady writer: each record scheduled through namastack's public API, {@code Outbox.schedule(payload,
 * key)}, in a transaction of its own, keyed by its payment id. The pacing is the benchmark's {@link SteadyWriting},
 * the same as in Tristate's process. Idle unless {@code peer.work-dir} is set.
 */
@Component
class PeerSteadyWriter implements InitializingBean, DisposableBean {

    private final Outbox outbox;
    private final TransactionTemplate transactions;
    private final PeerProperties peer;
    private Thread serving;

    PeerSteadyWriter(Outbox outbox, TransactionTemplate transactions, PeerProperties peer) {
        this.outbox = outbox;
        this.transactions = transactions;
        this.peer = peer;
    }

    @Override
    public void afterPropertiesSet() {
        if (peer.workDir().isBlank()) {
            return;
        }
        serving = SteadyWriting.serve(Path.of(peer.workDir()), (paymentId, i) -> {
            String eventId = UUID.randomUUID().toString();
            PaymentSucceeded event = new PaymentSucceeded(eventId, "PaymentSucceeded", "bench-peer", paymentId,
                    Instant.now().toString(), "o-" + paymentId, 1999, "CNY", "T-" + eventId, "u-42",
                    "course:java-101");
            transactions.executeWithoutResult(status -> outbox.schedule(event, paymentId));
        });
    }

    @Override
    public void destroy() {
        if (serving != null) {
            serving.interrupt();
        }
    }
}
