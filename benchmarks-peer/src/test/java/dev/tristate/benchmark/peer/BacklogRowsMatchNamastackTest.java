package dev.tristate.benchmark.peer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.benchmark.peer.app.PaymentSucceeded;
import io.namastack.outbox.partition.PartitionHasher;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The benchmark inserts namastack's backlog directly: each row must be what namastack itself would have written, or
 * the drain would measure rows namastack cannot read (a payload its Jackson refuses) or that no instance polls (a
 * partition its hash does not give the key).
 */
class BacklogRowsMatchNamastackTest {

    @Test
    void the_partition_of_a_key_is_namastacks() {
        for (int i = 0; i < 5000; i++) {
            String key = "pay_m3_" + i;
            assertThat(NamastackContender.partition(key)).as(key)
                    .isEqualTo(PartitionHasher.INSTANCE.getPartitionForRecordKey(key));
        }
        String random = UUID.randomUUID().toString();
        assertThat(NamastackContender.partition(random))
                .isEqualTo(PartitionHasher.INSTANCE.getPartitionForRecordKey(random));
    }

    @Test
    void the_payload_is_what_namastacks_jackson_writes_and_reads_back() {
        JsonMapper json = JsonMapper.builder().build();
        String eventId = UUID.randomUUID().toString();
        String occurredAt = "2026-12-03T17:00:00.123456Z";
        PaymentSucceeded event = new PaymentSucceeded(eventId, "PaymentSucceeded", "bench-peer", "pay_m3_7",
                occurredAt, "o-pay_m3_7", 1999, "CNY", "T-" + eventId, "u-42", "course:java-101");

        String written = NamastackContender.payload(eventId, "pay_m3_7", occurredAt);

        assertThat(written).isEqualTo(json.writeValueAsString(event));
        assertThat(json.readValue(written, PaymentSucceeded.class)).isEqualTo(event);
    }
}
