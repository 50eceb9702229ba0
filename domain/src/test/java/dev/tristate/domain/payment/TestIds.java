package dev.tristate.domain.payment;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Ids as the system draws them ({@code pay_} or {@code rfd_} and 26 characters of a ULID), from a counter, for tests
 * that pass an id source to a service: each source counts from 1, so a test knows which id comes next.
 */
public final class TestIds {

    private TestIds() {
    }

    public static Supplier<PaymentId> paymentIds() {
        AtomicLong next = new AtomicLong();
        return () -> PaymentId.ofUlid(ulid(next.incrementAndGet()));
    }

    public static Supplier<RefundId> refundIds() {
        AtomicLong next = new AtomicLong();
        return () -> RefundId.ofUlid(ulid(next.incrementAndGet()));
    }

    /** The n-th id's ULID part: n in decimal digits, which are Crockford characters too, left-padded with zeros. */
    public static String ulid(long n) {
        return String.format("%026d", n);
    }
}
