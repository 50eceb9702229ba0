package dev.tristate.adapter.out.persistence.consumer;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.consumer.ConsumerMapper.DeliveryRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.outbox.MyBatisOutboxRelayStore;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.DeliveryAttempt;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.consumer.InboundMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The consumers' retried and quarantined deliveries on MyBatis: headers and the attempt history as JSON text, the body
 * as the bytes that arrived.
 */
public class MyBatisConsumerDeliveryStore implements ConsumerDeliveryStore {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final ConsumerMapper mapper;

    public MyBatisConsumerDeliveryStore(ConsumerMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public Optional<ConsumerDelivery> find(String consumer, String deliveryKey) {
        return translate(() -> Optional.ofNullable(mapper.findDelivery(consumer, deliveryKey)))
                .map(MyBatisConsumerDeliveryStore::toDelivery);
    }

    @Override
    public void insert(ConsumerDelivery delivery) {
        translate(() -> mapper.insertDelivery(toRow(delivery)));
    }

    @Override
    public boolean update(ConsumerDelivery next) {
        return translate(() -> mapper.updateDelivery(toRow(next), next.version() - 1)) == 1;
    }

    @Override
    public List<ConsumerDelivery> findDue(String consumer, Instant now, int limit) {
        return translate(() -> mapper.findDue(consumer, Rows.utc(now), limit)).stream()
                .map(MyBatisConsumerDeliveryStore::toDelivery).toList();
    }

    @Override
    public List<ConsumerDelivery> findByStatus(DeliveryStatus status, int limit) {
        return translate(() -> mapper.findByStatus(status.name(), limit)).stream()
                .map(MyBatisConsumerDeliveryStore::toDelivery).toList();
    }

    @Override
    public List<ConsumerDelivery> forMessage(String messageId) {
        return translate(() -> mapper.deliveriesForMessage(messageId)).stream()
                .map(MyBatisConsumerDeliveryStore::toDelivery).toList();
    }

    @Override
    public long count(DeliveryStatus status) {
        return translate(() -> mapper.countByStatus(status.name()));
    }

    private static DeliveryRow toRow(ConsumerDelivery delivery) {
        DeliveryRow row = new DeliveryRow();
        InboundMessage message = delivery.message();
        row.consumer = delivery.consumer();
        row.deliveryKey = delivery.deliveryKey();
        row.messageId = message.messageId();
        row.messageType = message.type();
        row.headers = JSON.writeValueAsString(message.headers());
        row.body = message.body();
        row.status = delivery.status().name();
        row.attempts = delivery.attempts();
        row.firstFailedAt = Rows.utc(delivery.firstFailedAt());
        row.nextAttemptAt = Rows.utc(delivery.nextAttemptAt());
        row.lastError = delivery.lastError() == null ? null : MyBatisOutboxRelayStore.truncate(delivery.lastError());
        List<Map<String, Object>> history = new ArrayList<>();
        for (DeliveryAttempt attempt : delivery.history()) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("attempt", attempt.number());
            line.put("at", attempt.at().toString());
            line.put("result", attempt.result());
            history.add(line);
        }
        row.attemptHistory = JSON.writeValueAsString(history);
        row.createdAt = Rows.utc(delivery.createdAt());
        row.updatedAt = Rows.utc(delivery.updatedAt());
        row.version = delivery.version();
        return row;
    }

    private static ConsumerDelivery toDelivery(DeliveryRow row) {
        Map<String, String> headers = new LinkedHashMap<>();
        JSON.readTree(row.headers).properties().forEach(e -> headers.put(e.getKey(), e.getValue().asString()));
        List<DeliveryAttempt> history = new ArrayList<>();
        for (JsonNode line : JSON.readTree(row.attemptHistory)) {
            history.add(new DeliveryAttempt(line.get("attempt").asInt(), Instant.parse(line.get("at").asString()),
                    line.get("result").asString()));
        }
        return new ConsumerDelivery(row.consumer, new InboundMessage(row.messageId, row.messageType, headers,
                row.body), DeliveryStatus.valueOf(row.status), row.attempts, Rows.instant(row.firstFailedAt),
                Rows.instant(row.nextAttemptAt), row.lastError, history, Rows.instant(row.createdAt),
                Rows.instant(row.updatedAt), row.version);
    }
}
