package dev.tristate.benchmark.peer.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;

/**
 * The peer of the outbox benchmark: namastack-outbox's JDBC starter, a handler that publishes every record to RabbitMQ
 * and waits for the broker's confirm ({@link ConfirmedRabbitHandler}), and, when the benchmark gives it a work
 * directory, a steady writer that schedules records through namastack's {@code Outbox} API ({@link PeerSteadyWriter}).
 * Not shipped: the benchmark starts it as a child process (docs/benchmarks.md).
 */
@SpringBootApplication
@EnableConfigurationProperties(PeerProperties.class)
public class PeerApplication {

    /** Written into the work directory once the application is ready: the benchmark waits for it. */
    public static final String READY = "peer.ready";

    public static void main(String[] args) {
        SpringApplication.run(PeerApplication.class, args);
    }

    /** The same shape as Tristate's: a durable topic exchange and a quorum queue bound for the event's type. */
    @Bean
    Declarables peerTopology(PeerProperties peer) {
        TopicExchange events = new TopicExchange(peer.exchange(), true, false);
        Queue entitlements = QueueBuilder.durable(peer.queue()).quorum().build();
        Binding binding = BindingBuilder.bind(entitlements).to(events).with(peer.routingKey());
        return new Declarables(events, entitlements, binding);
    }

    /**
     * Declares the topology, then marks the peer ready. Spring AMQP declares it only when a first connection opens,
     * which for an idle peer is its first publish: the benchmark reads the queue before that.
     */
    @EventListener(ApplicationReadyEvent.class)
    void markReady(ApplicationReadyEvent ready) {
        ready.getApplicationContext().getBean(RabbitAdmin.class).initialize();
        PeerProperties peer = ready.getApplicationContext().getBean(PeerProperties.class);
        if (!peer.workDir().isBlank()) {
            try {
                Files.writeString(Path.of(peer.workDir()).resolve(READY), "ready\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
