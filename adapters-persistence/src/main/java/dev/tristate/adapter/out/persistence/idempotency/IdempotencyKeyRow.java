package dev.tristate.adapter.out.persistence.idempotency;

import java.time.LocalDateTime;

/** One row of {@code idempotency_keys}, as MyBatis maps it. */
public class IdempotencyKeyRow {
    String tenantId;
    String idempotencyKey;
    String fingerprint;
    String state;
    String ownerToken;
    LocalDateTime leaseUntil;
    String reservedId;
    Integer responseStatus;
    String responseBody;
    LocalDateTime createdAt;
    LocalDateTime expiresAt;
}
