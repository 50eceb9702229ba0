package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ApiProblemException;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.domain.idempotency.IdempotencyKey;

/** The {@code Idempotency-Key} header that every POST under /api/v1 carries. */
final class IdempotencyKeyHeader {

    static final String NAME = "Idempotency-Key";

    private IdempotencyKeyHeader() {
    }

    /** The key, or 400 IDEMPOTENCY_KEY_MISSING (no header) / IDEMPOTENCY_KEY_INVALID (not 1-255 printable ASCII). */
    static IdempotencyKey parse(String header) {
        if (header == null) {
            throw new ApiProblemException(Problems.idempotencyKeyMissing());
        }
        try {
            return new IdempotencyKey(header);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(Problems.idempotencyKeyInvalid());
        }
    }
}
