package dev.tristate.adapter.out.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import dev.tristate.application.outbox.port.out.EventPublisher.OutgoingEvent;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.support.DefaultMessagePropertiesConverter;

/**
 * The publisher writes the message properties itself: they must be what spring-rabbit's converter wrote from the
 * message the publisher built before (consumers read them), without spring-rabbit's correlation header.
 */
class RabbitEventPublisherPropertiesTest {

    @Test
    void thePropertiesAreWhatSpringRabbitsConverterWroteForTheSameEvent() {
        EventId id = EventId.derive("pay_properties", EventType.PaymentSucceeded, null);
        OutgoingEvent event = new OutgoingEvent(id, "PaymentSucceeded", new TenantId("t-properties"), "{}",
                Instant.parse("2026-01-02T03:04:05.678901Z"), null);
        MessageProperties spring = new MessageProperties();
        spring.setMessageId(id.toString());
        spring.setType("PaymentSucceeded");
        spring.setHeader(RabbitEventPublisher.TENANT_HEADER, "t-properties");
        spring.setHeader(RabbitEventPublisher.CREATED_AT_HEADER, "2026-01-02T03:04:05.678901Z");
        spring.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        spring.setContentEncoding(StandardCharsets.UTF_8.name());
        spring.setDeliveryMode(MessageDeliveryMode.PERSISTENT);
        AMQP.BasicProperties expected = new DefaultMessagePropertiesConverter().fromMessageProperties(spring,
                StandardCharsets.UTF_8.name());

        AMQP.BasicProperties actual = RabbitEventPublisher.properties(event);

        assertThat(actual.toString()).isEqualTo(expected.toString());
        assertThat(actual.getHeaders()).isEqualTo(expected.getHeaders());
        assertThat(actual.getMessageId()).isEqualTo(id.toString());
        assertThat(actual.getType()).isEqualTo("PaymentSucceeded");
        assertThat(actual.getContentType()).isEqualTo("application/json");
        assertThat(actual.getContentEncoding()).isEqualTo("UTF-8");
        assertThat(actual.getDeliveryMode()).isEqualTo(2);
        assertThat(actual.getPriority()).isEqualTo(expected.getPriority());
        assertThat(actual.getTimestamp()).isEqualTo(expected.getTimestamp());
        assertThat(actual.getCorrelationId()).isEqualTo(expected.getCorrelationId());
        assertThat(actual.getReplyTo()).isEqualTo(expected.getReplyTo());
        assertThat(actual.getExpiration()).isEqualTo(expected.getExpiration());
        assertThat(actual.getUserId()).isEqualTo(expected.getUserId());
        assertThat(actual.getAppId()).isEqualTo(expected.getAppId());
    }
}
