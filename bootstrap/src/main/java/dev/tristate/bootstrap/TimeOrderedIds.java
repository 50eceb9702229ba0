package dev.tristate.bootstrap;

import com.github.f4b6a3.ulid.Ulid;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.RefundId;
import java.time.Clock;
import java.util.Random;

/**
 * Draws the ids of new payments and refunds: the prefix and a ULID (48 bits of milliseconds, then 80 random bits, in
 * Crockford's base 32), 30 characters, so that every channel's order number holds it and the primary-key index grows
 * at its end. Every id gets 80 fresh random bits rather than ulid-creator's monotonic counter: ids appear in URLs a
 * payer can see (the sandbox's open pay page among them), and a counter would make the next id of the same millisecond
 * one character away from the last. Ids of one millisecond therefore sort among themselves at random, which costs the
 * index nothing.
 */
final class TimeOrderedIds {

    private static final int RANDOM_BYTES = 10;

    private final Clock clock;
    private final Random random;

    TimeOrderedIds(Clock clock, Random random) {
        this.clock = clock;
        this.random = random;
    }

    PaymentId payment() {
        return PaymentId.ofUlid(next());
    }

    RefundId refund() {
        return RefundId.ofUlid(next());
    }

    private String next() {
        byte[] entropy = new byte[RANDOM_BYTES];
        random.nextBytes(entropy);
        return new Ulid(clock.millis(), entropy).toString();
    }
}
