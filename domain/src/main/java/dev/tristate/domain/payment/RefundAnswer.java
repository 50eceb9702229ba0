package dev.tristate.domain.payment;

import dev.tristate.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/** The channel's answer about one refund, with its raw text for the record. */
public sealed interface RefundAnswer {
    String rawAnswer();

    /** The channel refunded {@code amount}; {@code refundNo} is its own id of the refund. */
    record Succeeded(String refundNo, Money amount, Instant refundedAt, String rawAnswer) implements RefundAnswer {
        public Succeeded {
            Objects.requireNonNull(refundNo, "refund_no");
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(refundedAt, "refunded at");
            Objects.requireNonNull(rawAnswer, "raw answer");
        }
    }

    /** The channel accepted the refund and has not finished it: ask again later. */
    record Processing(String rawAnswer) implements RefundAnswer {
        public Processing {
            Objects.requireNonNull(rawAnswer, "raw answer");
        }
    }

    /** The channel definitely refused or failed the refund (nothing was refunded); {@code reason} says why. */
    record Refused(String reason, String rawAnswer) implements RefundAnswer {
        public Refused {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(rawAnswer, "raw answer");
        }
    }

    /** Query only: the channel never saw this refund, so it refunded nothing under it. */
    record NotFound(String rawAnswer) implements RefundAnswer {
        public NotFound {
            Objects.requireNonNull(rawAnswer, "raw answer");
        }
    }
}
