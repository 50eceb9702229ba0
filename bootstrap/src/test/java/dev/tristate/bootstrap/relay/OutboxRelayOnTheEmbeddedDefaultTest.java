package dev.tristate.bootstrap.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.adapter.out.messaging.embedded.EmbeddedAmqpBroker;
import dev.tristate.bootstrap.TristateApplication;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The same relay on the embedded default (H2 file, in-process Qpid broker, no setting at all): an event in the outbox
 * reaches the entitlements queue, declared as a plain durable queue on the embedded broker.
 */
class OutboxRelayOnTheEmbeddedDefaultTest {

    @Test
    void anOutboxEventReachesTheEntitlementsQueueOfTheInProcessBroker(@TempDir Path dataDir) {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TristateApplication.class)
                .profiles("embedded").run("--server.port=0", "--tristate.data-dir=" + dataDir,
                        // The test reads the queue itself: the entitlements consumer would take the event first.
                        "--tristate.consumers.enabled=false")) {
            OutboxRows rows = new OutboxRows(app.getBean(DataSource.class));

            String eventId = rows.insertPending(1, "PaymentSucceeded").get(0);

            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                    .until(() -> "SENT".equals(rows.row(eventId).get("status")));
            EmbeddedAmqpBroker broker = app.getBean(EmbeddedAmqpBroker.class);
            CachingConnectionFactory factory = new CachingConnectionFactory(broker.host(), broker.port());
            factory.setUsername("tristate");
            factory.setPassword("tristate");
            try {
                Message message = new RabbitTemplate(factory).receive("tristate.entitlements", 5_000);
                assertThat(message).isNotNull();
                assertThat(EventTap.messageIds(List.of(message))).containsExactly(eventId);
            } finally {
                factory.destroy();
            }
        }
    }
}
