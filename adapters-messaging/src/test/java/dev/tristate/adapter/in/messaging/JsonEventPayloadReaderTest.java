package dev.tristate.adapter.in.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.consumer.port.out.EventPayloadReader.ConsumedEvent;
import dev.tristate.application.consumer.port.out.EventPayloadReader.ReadResult;
import dev.tristate.application.consumer.port.out.EventPayloadReader.Unreadable;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonEventPayloadReaderTest {

    private static final String ID = "0b8f5e2c-3c2a-3c4e-9a51-2f4d6a7b8c9d";
    private final JsonEventPayloadReader reader = new JsonEventPayloadReader();

    private ReadResult read(String json) {
        return reader.read(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsTheOutboxWireForm() {
        ReadResult read = read("{\"event_id\":\"" + ID + "\",\"event_type\":\"PaymentSucceeded\",\"tenant_id\":\"t-1\","
                + "\"payment_id\":\"pay_1\",\"occurred_at\":\"2026-12-01T10:00:00.123456Z\",\"merchant_order_id\":\"o\","
                + "\"amount_minor\":1999,\"amount_currency\":\"CNY\",\"user_id\":\"u-42\",\"sku\":\"course:java-101\"}");

        assertThat(read).isEqualTo(new ConsumedEvent(EventId.of(ID), "PaymentSucceeded", new TenantId("t-1"),
                new PaymentId("pay_1"), "u-42", "course:java-101", Instant.parse("2026-12-01T10:00:00.123456Z")));
    }

    @Test
    void eventsWithoutUserAndSkuReadTooHoldingNulls() {
        ReadResult read = read("{\"event_id\":\"" + ID + "\",\"event_type\":\"PaymentFailed\",\"tenant_id\":\"t-1\","
                + "\"payment_id\":\"pay_1\",\"user_id\":null}");

        assertThat(read).isInstanceOf(ConsumedEvent.class);
        assertThat(((ConsumedEvent) read).userId()).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "not json at all|not JSON",
            "[1,2]|not a JSON object",
            "{\"event_type\":\"PaymentSucceeded\",\"tenant_id\":\"t\",\"payment_id\":\"p\"}|event_id is missing",
            "{\"event_id\":\"nope\",\"event_type\":\"X\",\"tenant_id\":\"t\",\"payment_id\":\"p\"}|not a UUID",
            "{\"event_id\":\"" + ID + "\",\"event_type\":7,\"tenant_id\":\"t\",\"payment_id\":\"p\"}|event_type is not a string",
            "{\"event_id\":\"" + ID + "\",\"event_type\":\"X\",\"tenant_id\":\"t 1\",\"payment_id\":\"p\"}|tenant id",
            "{\"event_id\":\"" + ID + "\",\"event_type\":\"X\",\"tenant_id\":\"t\",\"payment_id\":\"p\",\"occurred_at\":\"yesterday\"}|yesterday"})
    void anythingElseIsUnreadableWithItsReason(String body, String reason) {
        ReadResult read = read(body);

        assertThat(read).isInstanceOf(Unreadable.class);
        assertThat(((Unreadable) read).reason()).contains(reason);
    }
}
