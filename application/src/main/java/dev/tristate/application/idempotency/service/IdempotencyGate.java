package dev.tristate.application.idempotency.service;

import dev.tristate.application.idempotency.port.in.IdempotencyKeyInUse;
import dev.tristate.application.idempotency.port.in.IdempotencyKeyReused;
import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.idempotency.IdempotencyDecision;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.IdempotencyRecord;
import dev.tristate.domain.idempotency.IdempotencyRules;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Lets exactly one attempt work on an Idempotency-Key, for any POST.
 *
 * <ol>
 *   <li>{@link #acquire}: INSERT the key IN_FLIGHT in its own short transaction. The unique key decides; whoever
 *   loses reads the row and applies {@link IdempotencyRules}: replay, 422, 409, or take the key over (an attempt
 *   whose lease ran out never committed its effect, see 2) or reuse it (expired), each by a write conditional on the
 *   owner token read.</li>
 *   <li>{@link #finish}: in the business transaction, complete the key with the answer (only while this attempt
 *   still owns it) and apply the effect. A key is COMPLETED exactly when its effect committed.</li>
 *   <li>{@link #release}: an attempt that fails without an answer ends its lease, so a retry may start at once.</li>
 * </ol>
 */
class IdempotencyGate implements IdempotentCommands {

    /** A minimum wait to suggest; Retry-After has whole seconds. */
    private static final Duration MIN_RETRY_AFTER = Duration.ofSeconds(1);
    /** Each round loses only to a concurrent writer that then holds the key; three rounds is plenty. */
    private static final int MAX_ROUNDS = 3;

    private final IdempotencyStore store;
    private final Transactions transactions;
    private final Clock clock;
    private final Supplier<UUID> uuids;
    private final IdempotencySettings settings;

    IdempotencyGate(IdempotencyStore store, Transactions transactions, Clock clock, Supplier<UUID> uuids,
                    IdempotencySettings settings) {
        this.store = store;
        this.transactions = transactions;
        this.clock = clock;
        this.uuids = uuids;
        this.settings = settings;
    }

    /** Either this attempt now holds the key, or the request is already answered (a replay). */
    public sealed interface Acquisition {
        record Acquired(IdempotencyEntry entry) implements Acquisition {
        }

        record Answered(IdempotentResponse response) implements Acquisition {
        }
    }

    /**
     * Claims the key for this request. Throws {@link IdempotencyKeyReused} or {@link IdempotencyKeyInUse}; a
     * {@link PersistenceFailure} means nothing is known to be held.
     *
     * @param newReservedId draws the id of the resource a new key's request will create
     */
    public Acquisition acquire(TenantId tenantId, IdempotencyKey key, RequestFingerprint fingerprint,
                               Supplier<String> newReservedId) {
        Instant now = now();
        IdempotencyEntry fresh = new IdempotencyEntry(
                IdempotencyRecord.inFlight(tenantId, key, fingerprint, now, settings.retention()),
                newOwnerToken(), now.plus(settings.lease()), newReservedId.get());
        for (int round = 0; round < MAX_ROUNDS; round++) {
            if (insert(fresh)) {
                return new Acquisition.Acquired(fresh);
            }
            Optional<IdempotencyEntry> found = store.find(tenantId, key);
            if (found.isEmpty()) {
                continue; // removed between our insert and our read: insert again
            }
            IdempotencyEntry held = found.get();
            IdempotencyDecision decision = IdempotencyRules.decide(held.record(), fingerprint, now,
                    retryAfter(held, now));
            if (decision instanceof IdempotencyDecision.Replay replay) {
                return new Acquisition.Answered(
                        IdempotentResponse.replay(new RenderedResponse(replay.status(), replay.body())));
            }
            if (decision instanceof IdempotencyDecision.KeyReused) {
                throw new IdempotencyKeyReused();
            }
            if (decision instanceof IdempotencyDecision.InFlight inFlight) {
                if (now.isBefore(held.leaseUntil())) {
                    throw new IdempotencyKeyInUse(inFlight.retryAfter());
                }
                // The lease ran out: that attempt's business transaction never committed (it would have completed
                // the key), so this request is continued as the same request, with the same reserved id.
                IdempotencyEntry takeover = held.takenOverBy(newOwnerToken(), now.plus(settings.lease()));
                if (replace(held, takeover)) {
                    return new Acquisition.Acquired(takeover);
                }
            } else if (decision instanceof IdempotencyDecision.Expired && replace(held, fresh)) {
                return new Acquisition.Acquired(fresh);
            }
            // Someone else wrote the key between our read and our conditional write: read again and decide again.
        }
        throw new IdempotencyKeyInUse(MIN_RETRY_AFTER);
    }

    @Override
    public IdempotentResponse hold(TenantId tenantId, IdempotencyKey key, RequestFingerprint fingerprint,
                                   Supplier<String> newReservedId,
                                   Function<IdempotencyEntry, IdempotentResponse> holding) {
        Acquisition acquisition = acquire(tenantId, key, fingerprint, newReservedId);
        if (acquisition instanceof Acquisition.Answered answered) {
            return answered.response();
        }
        IdempotencyEntry mine = ((Acquisition.Acquired) acquisition).entry();
        try {
            return holding.apply(mine);
        } catch (RuntimeException failure) {
            release(mine);
            throw failure;
        }
    }

    @Override
    public IdempotentResponse finish(IdempotencyEntry mine, Supplier<RenderedResponse> answer, Runnable effect,
                                     Supplier<RenderedResponse> whenCommitUnknown) {
        // The key first: an attempt that lost its key must not even try the effect (it would meet the winner's).
        return finishIn(mine, () -> {
            RenderedResponse rendered = completed(mine, answer.get());
            effect.run();
            return rendered;
        }, whenCommitUnknown);
    }

    @Override
    public IdempotentResponse finishWith(IdempotencyEntry mine, Supplier<RenderedResponse> effectThenAnswer,
                                         Supplier<RenderedResponse> whenCommitUnknown) {
        return finishIn(mine, () -> completed(mine, effectThenAnswer.get()), whenCommitUnknown);
    }

    /** Completes {@code mine} with the answer, or rolls the transaction back when another attempt owns the key. */
    private RenderedResponse completed(IdempotencyEntry mine, RenderedResponse rendered) {
        if (!store.complete(mine, rendered.status(), rendered.body())) {
            throw new LostTheKey();
        }
        return rendered;
    }

    private IdempotentResponse finishIn(IdempotencyEntry mine, Supplier<RenderedResponse> work,
                                        Supplier<RenderedResponse> whenCommitUnknown) {
        RenderedResponse response;
        try {
            response = transactions.inTransaction(work);
        } catch (LostTheKey lost) {
            return answerAfterLosing(mine);
        } catch (PersistenceFailure failure) {
            if (failure.outcomeClass().mustBeResolved()) {
                return IdempotentResponse.fresh(whenCommitUnknown.get());
            }
            throw failure;
        }
        return IdempotentResponse.fresh(response);
    }

    @Override
    public IdempotentResponse finish(IdempotencyEntry mine, RenderedResponse definiteAnswer) {
        return finish(mine, () -> definiteAnswer, () -> { }, () -> definiteAnswer);
    }

    /**
     * Ends the lease of an attempt that failed without an answer, so that a retry can take the key over at once.
     * If even this fails, the lease runs out by itself.
     */
    public void release(IdempotencyEntry mine) {
        try {
            transactions.inTransaction(() -> store.releaseLease(mine, now()));
        } catch (PersistenceFailure ignored) {
            // The lease ends on its own; the retry waits at most that long.
        }
    }

    private IdempotentResponse answerAfterLosing(IdempotencyEntry mine) {
        Instant now = now();
        Optional<IdempotencyEntry> current = store.find(mine.record().tenantId(), mine.record().key());
        if (current.isPresent()) {
            IdempotencyDecision decision = IdempotencyRules.decide(current.get().record(),
                    mine.record().fingerprint(), now, retryAfter(current.get(), now));
            if (decision instanceof IdempotencyDecision.Replay replay) {
                return IdempotentResponse.replay(new RenderedResponse(replay.status(), replay.body()));
            }
            if (decision instanceof IdempotencyDecision.InFlight inFlight) {
                throw new IdempotencyKeyInUse(inFlight.retryAfter());
            }
        }
        throw new IdempotencyKeyInUse(MIN_RETRY_AFTER);
    }

    private boolean insert(IdempotencyEntry entry) {
        try {
            transactions.inTransaction(() -> store.insert(entry));
            return true;
        } catch (PersistenceFailure.AlreadyExists taken) {
            return false;
        }
    }

    private boolean replace(IdempotencyEntry expected, IdempotencyEntry replacement) {
        return transactions.inTransaction(() -> store.replace(expected, replacement));
    }

    private static Duration retryAfter(IdempotencyEntry held, Instant now) {
        Duration left = Duration.between(now, held.leaseUntil());
        long seconds = left.getSeconds() + (left.getNano() > 0 ? 1 : 0);
        return seconds < 1 ? MIN_RETRY_AFTER : Duration.ofSeconds(seconds);
    }

    private String newOwnerToken() {
        return uuids.get().toString();
    }

    /** The database keeps microseconds: so does every time written here, so what is read equals what was written. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    /** Control flow inside the transaction: makes it roll back when another attempt owns the key. */
    private static final class LostTheKey extends RuntimeException {
        LostTheKey() {
            super("another attempt owns the idempotency key", null, false, false);
        }
    }
}
