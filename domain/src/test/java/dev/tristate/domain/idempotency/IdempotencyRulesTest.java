package dev.tristate.domain.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.idempotency.IdempotencyRecord.State;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class IdempotencyRulesTest {

    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final IdempotencyKey KEY = new IdempotencyKey("order-1-create");
    private static final RequestFingerprint REQUEST = RequestFingerprint.of("POST", "/api/v1/payments", "{\"a\":1}");
    private static final RequestFingerprint OTHER_REQUEST = RequestFingerprint.of("POST", "/api/v1/payments", "{\"a\":2}");
    private static final Instant CREATED = PaymentTestData.at(0);
    private static final Instant EXPIRES = PaymentTestData.at(Duration.ofHours(24));
    private static final Duration RETRY_AFTER = Duration.ofSeconds(2);

    private static IdempotencyRecord completed() {
        return new IdempotencyRecord(TENANT, KEY, REQUEST, State.COMPLETED, 201, "{\"payment_id\":\"pay_1\"}",
                CREATED, EXPIRES);
    }

    private static IdempotencyRecord inFlight() {
        return IdempotencyRecord.inFlight(TENANT, KEY, REQUEST, CREATED, Duration.ofHours(24));
    }

    @Test
    void givenCompletedKey_sameRequest_replaysTheAnswer() {
        IdempotencyDecision decision = IdempotencyRules.decide(completed(), REQUEST, PaymentTestData.at(60), RETRY_AFTER);

        assertThat(decision).isEqualTo(new IdempotencyDecision.Replay(201, "{\"payment_id\":\"pay_1\"}"));
    }

    @Test
    void givenCompletedKey_differentRequest_isKeyReused() {
        assertThat(IdempotencyRules.decide(completed(), OTHER_REQUEST, PaymentTestData.at(60), RETRY_AFTER))
                .isEqualTo(new IdempotencyDecision.KeyReused());
    }

    @Test
    void givenInFlightKey_differentRequest_isKeyReused() {
        assertThat(IdempotencyRules.decide(inFlight(), OTHER_REQUEST, PaymentTestData.at(1), RETRY_AFTER))
                .isEqualTo(new IdempotencyDecision.KeyReused());
    }

    @Test
    void givenInFlightKey_sameRequest_isInFlightWithRetryAfter() {
        assertThat(IdempotencyRules.decide(inFlight(), REQUEST, PaymentTestData.at(1), RETRY_AFTER))
                .isEqualTo(new IdempotencyDecision.InFlight(RETRY_AFTER));
    }

    @Test
    void givenExpiredKey_anyRequest_mayBeTakenAgain() {
        assertThat(IdempotencyRules.decide(completed(), REQUEST, EXPIRES, RETRY_AFTER))
                .isEqualTo(new IdempotencyDecision.Expired());
        assertThat(IdempotencyRules.decide(inFlight(), OTHER_REQUEST, EXPIRES.plusSeconds(1), RETRY_AFTER))
                .isEqualTo(new IdempotencyDecision.Expired());
    }

    @Test
    void aKeyIsNotExpiredTheMomentBeforeItsExpiry() {
        assertThat(IdempotencyRules.decide(completed(), REQUEST, EXPIRES.minusMillis(1), RETRY_AFTER))
                .isInstanceOf(IdempotencyDecision.Replay.class);
    }

    @Test
    void anInFlightRecordExpiresAfterItsRetention() {
        assertThat(inFlight().expiresAt()).isEqualTo(EXPIRES);
        assertThat(inFlight().state()).isEqualTo(State.IN_FLIGHT);
    }

    @Test
    void aCompletedRecordHoldsAnHttpStatus() {
        assertThatThrownBy(() -> new IdempotencyRecord(TENANT, KEY, REQUEST, State.COMPLETED, 0, null, CREATED, EXPIRES))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IdempotencyRecord(TENANT, KEY, REQUEST, State.COMPLETED, 600, "", CREATED, EXPIRES))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
