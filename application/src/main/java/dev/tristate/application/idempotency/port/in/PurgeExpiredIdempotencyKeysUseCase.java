package dev.tristate.application.idempotency.port.in;

/** Housekeeping of the merchant API's Idempotency-Keys: those past their retention are deleted in small batches. */
public interface PurgeExpiredIdempotencyKeysUseCase {

    /** Deletes one batch of expired keys, in one short transaction; returns how many. */
    int purgeOnce();
}
