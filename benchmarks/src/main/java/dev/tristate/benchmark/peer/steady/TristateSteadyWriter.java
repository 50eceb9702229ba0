package dev.tristate.benchmark.peer.steady;

import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.env.Environment;

/**
 * Tristate's steady writer in the peer benchmark, added from outside to the application as shipped (as the relay
 * benchmark's one-by-one baseline is): each event appended through the application's own outbox port,
 * {@link OutboxStore}, in a transaction of its own through its {@link Transactions} port, so that the commit wakes the
 * relay as a callback's would. The pacing is {@link SteadyWriting}, the same as in the peer's process. Idle unless
 * {@value #DIR_PROPERTY} names the process's work directory.
 */
public final class TristateSteadyWriter implements InitializingBean, DisposableBean {

    /** The value of {@code --spring.main.sources} that adds the writer to the application. */
    public static final String SOURCE = "dev.tristate.benchmark.peer.steady.TristateSteadyWriter";
    public static final String DIR_PROPERTY = "tristate-benchmark.steady-dir";
    /**
     * Printed once the writer serves: the benchmark looks for it in the application's log. A compile-time constant,
     * so the benchmark reads it without loading this class (Spring is not on its class path).
     */
    public static final String SERVING = "tristate-benchmark: the steady writer serves";

    private final OutboxStore outbox;
    private final Transactions transactions;
    private final Clock clock;
    private final String dir;
    private Thread serving;

    public TristateSteadyWriter(OutboxStore outbox, Transactions transactions, Clock clock, Environment env) {
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = clock;
        this.dir = env.getProperty(DIR_PROPERTY, "");
    }

    @Override
    public void afterPropertiesSet() {
        if (dir.isBlank()) {
            return;
        }
        TenantId tenant = new TenantId("bench-peer");
        Money amount = Money.of(1999, "CNY");
        serving = SteadyWriting.serve(Path.of(dir), (paymentId, i) -> {
            PaymentId payment = new PaymentId(paymentId);
            EventId eventId = PaymentEvent.PaymentSucceeded.idFor(payment);
            PaymentEvent event = new PaymentEvent.PaymentSucceeded(eventId, tenant, payment,
                    new MerchantOrderId("o-" + paymentId), amount, new ChannelTxnId("T-" + eventId), "u-42",
                    "course:java-101", clock.instant());
            transactions.inTransaction(() -> outbox.append(List.of(event), clock.instant()));
        });
        System.out.println(SERVING + " plans from " + dir);
    }

    @Override
    public void destroy() {
        if (serving != null) {
            serving.interrupt();
        }
    }
}
