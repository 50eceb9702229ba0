package dev.tristate.domain.entitlement;

import dev.tristate.domain.Identifiers;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/**
 * One credit (positive) or debit (negative) of a user's tokens. The entry key is unique per user: writing the same
 * entry again changes nothing, so every credit and debit is idempotent.
 */
public record TokenLedgerEntry(TenantId tenantId, String userId, String entryKey, long delta, Instant at) {
    public TokenLedgerEntry {
        Objects.requireNonNull(tenantId, "tenant");
        Identifiers.printable("user id", userId, 64);
        Identifiers.printable("entry key", entryKey, 255);
        if (delta == 0) {
            throw new IllegalArgumentException("a ledger entry moves at least one token");
        }
        Objects.requireNonNull(at, "at");
    }

    public static TokenLedgerEntry credit(TenantId tenantId, String userId, String entryKey, long tokens, Instant at) {
        if (tokens < 1) {
            throw new IllegalArgumentException("a credit is positive");
        }
        return new TokenLedgerEntry(tenantId, userId, entryKey, tokens, at);
    }

    /**
     * A debit of {@code tokens} against the current balance: a value, not an exception, when the balance is too low.
     */
    public static DebitOutcome debit(TenantId tenantId, String userId, String entryKey, long tokens, long balance,
                                     Instant at) {
        if (tokens < 1) {
            throw new IllegalArgumentException("a debit is positive");
        }
        if (balance < tokens) {
            return new DebitOutcome.Insufficient(balance);
        }
        return new DebitOutcome.Debited(new TokenLedgerEntry(tenantId, userId, entryKey, -tokens, at),
                balance - tokens);
    }

    /** What a debit does. */
    public sealed interface DebitOutcome {
        record Debited(TokenLedgerEntry entry, long balanceAfter) implements DebitOutcome {
        }

        record Insufficient(long balance) implements DebitOutcome {
        }
    }
}
