package dev.tristate.bootstrap;

import com.github.f4b6a3.ulid.UlidFactory;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.RefundId;
import java.time.Clock;
import java.util.Random;

/**
 * Draws the ids of new payments and refunds: the prefix and a ULID (48 bits of milliseconds, then 80 random bits, in
 * Crockford's base 32), 30 characters, so that every channel's order number holds it and the primary-key index grows
 * at its end. ulid-creator's monotonic factory makes ids drawn in the same millisecond by this process sort in the
 * order they were drawn (the random part counts up), also when the clock steps back a little. One factory serves
 * both kinds, so their order is one order.
 */
final class TimeOrderedIds {

    private final UlidFactory ulids;

    TimeOrderedIds(Clock clock, Random random) {
        this.ulids = UlidFactory.newMonotonicInstance(random, clock::millis);
    }

    PaymentId payment() {
        return PaymentId.ofUlid(ulids.create().toString());
    }

    RefundId refund() {
        return RefundId.ofUlid(ulids.create().toString());
    }
}
