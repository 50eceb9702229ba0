package dev.tristate.domain.reconciliation;

import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Compares the payment lines of one channel day's statement with our payments, and decides what became of an item
 * held in the pool once a later day's statement is in. Pure: the caller reads the payments and records the findings.
 * <p>
 * The rules, line by line (p = our payment named by the line's out_trade_no):
 * <ul>
 *   <li>no p (or p of another channel): CHANNEL_TRADE_UNKNOWN_HERE;</li>
 *   <li>amount or currency differ: AMOUNT_OR_CURRENCY_MISMATCH (nothing else is compared on that line);</li>
 *   <li>line SUCCESS, p paid: matched; p not paid: PAID_AT_CHANNEL_NOT_HERE;</li>
 *   <li>line not SUCCESS, p paid: HERE_NOT_AT_CHANNEL; p unresolved (PENDING, PROCESSING, UNKNOWN) in another status
 *   than the line's: STATUS_MISMATCH; otherwise matched (no money moved on either side).</li>
 * </ul>
 * and every payment paid here during the day (by its paid time) that no line names: HERE_NOT_AT_CHANNEL.
 * A finding that may only be timing (a line or a payment within {@code edgeWindow} of the day's end, whose other half
 * may be on the next day's statement or still on its way) is marked {@code timingSuspect}: it goes to the holding
 * pool instead of counting.
 */
public final class StatementComparison {

    private StatementComparison() {
    }

    /** One gap found. {@code subject} is the out_trade_no (our payment id), the key of the gap within its class. */
    public record Finding(DiscrepancyClass kind, String subject, Payment payment, StatementLine line, String detail,
                          boolean timingSuspect) {
        public Finding {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /** The findings, and the payments that matched as paid on both sides (whose entitlements are checked next). */
    public record Result(List<Finding> findings, int matchedLines, List<Payment> paidOnBothSides) {
        public Result {
            findings = List.copyOf(findings);
            paidOnBothSides = List.copyOf(paidOnBothSides);
        }
    }

    /** The first instant of a channel day (UTC). */
    public static Instant startOf(LocalDate day) {
        return startOf(day, ZoneOffset.UTC);
    }

    /** The first instant after a channel day (UTC). */
    public static Instant endOf(LocalDate day) {
        return endOf(day, ZoneOffset.UTC);
    }

    /** The first instant of a channel day, for a channel that cuts its days in {@code zone}. */
    public static Instant startOf(LocalDate day, ZoneId zone) {
        return day.atStartOfDay(zone).toInstant();
    }

    /** The first instant after a channel day, for a channel that cuts its days in {@code zone}. */
    public static Instant endOf(LocalDate day, ZoneId zone) {
        return startOf(day.plusDays(1), zone);
    }

    /**
     * @param paymentLines  the statement's PAYMENT lines
     * @param ours          our payments of this tenant named by those lines, by payment id (absent: not ours)
     * @param paidDuringDay our payments of this tenant and channel paid during the day
     */
    public static Result compare(LocalDate day, Duration edgeWindow, String channel, List<StatementLine> paymentLines,
                                 Map<String, Payment> ours, List<Payment> paidDuringDay) {
        return compare(day, ZoneOffset.UTC, edgeWindow, channel, paymentLines, ours, paidDuringDay);
    }

    /** As {@link #compare(LocalDate, Duration, String, List, Map, List)}, for a channel whose day is cut in zone. */
    public static Result compare(LocalDate day, ZoneId zone, Duration edgeWindow, String channel,
                                 List<StatementLine> paymentLines, Map<String, Payment> ours,
                                 List<Payment> paidDuringDay) {
        Instant closeToEnd = endOf(day, zone).minus(edgeWindow);
        List<Finding> findings = new ArrayList<>();
        List<Payment> paidOnBothSides = new ArrayList<>();
        Set<String> named = new HashSet<>();
        int matched = 0;
        for (StatementLine line : paymentLines) {
            if (line.type() != StatementEntryType.PAYMENT) {
                throw new IllegalArgumentException("line " + line.lineNumber() + " is not a payment line");
            }
            named.add(line.outTradeNo());
            Payment p = ours.get(line.outTradeNo());
            boolean lineNearEnd = !line.eventTime().isBefore(closeToEnd);
            if (p == null || !p.channel().equals(channel)) {
                findings.add(new Finding(DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE, line.outTradeNo(), null, line,
                        "the channel lists trade " + line.tradeNo() + " (" + line.status() + ", " + line.amount()
                                + ") for out_trade_no " + line.outTradeNo() + ", which names no payment of ours on "
                                + channel, false));
                continue;
            }
            if (!line.amount().equals(p.amount())) {
                findings.add(new Finding(DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH, line.outTradeNo(), p, line,
                        "the channel lists " + line.amount() + ", the payment is for " + p.amount(), false));
                continue;
            }
            ChannelTradeStatus said = line.tradeStatus();
            if (said == ChannelTradeStatus.SUCCESS) {
                if (p.status().isPaid()) {
                    matched++;
                    paidOnBothSides.add(p);
                } else {
                    findings.add(new Finding(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, line.outTradeNo(), p, line,
                            "the channel took " + line.amount() + " (trade " + line.tradeNo() + " at "
                                    + line.eventTime() + "), the payment is " + p.status(), lineNearEnd));
                }
            } else if (p.status().isPaid()) {
                findings.add(new Finding(DiscrepancyClass.HERE_NOT_AT_CHANNEL, line.outTradeNo(), p, line,
                        "the payment is " + p.status() + " (paid " + p.paidAt() + "), the channel lists it "
                                + said, false));
            } else if (p.status().isUnresolved() && p.status() != said.target()) {
                findings.add(new Finding(DiscrepancyClass.STATUS_MISMATCH, line.outTradeNo(), p, line,
                        "the payment is " + p.status() + ", the channel lists it " + said, false));
            } else {
                matched++;
            }
        }
        for (Payment p : paidDuringDay) {
            if (named.contains(p.id().value())) {
                continue;
            }
            boolean nearEnd = p.paidAt() != null && !p.paidAt().isBefore(closeToEnd);
            findings.add(new Finding(DiscrepancyClass.HERE_NOT_AT_CHANNEL, p.id().value(), p, null,
                    "the payment is " + p.status() + " (" + p.amount() + ", paid " + p.paidAt() + ", trade "
                            + p.channelTxnId() + "), the channel's statement of " + day + " does not list it",
                    nearEnd));
        }
        return new Result(findings, matched, paidOnBothSides);
    }

    /**
     * Re-checks an item held in the pool against a later day's statement and the payment as it is now. Empty: the
     * other half turned up (release it); present: still unmatched, it counts, with this detail.
     */
    public static Optional<String> stillUnmatched(DiscrepancyClass kind, LocalDate heldDay, Payment now,
                                                  Optional<StatementLine> onLaterStatement) {
        return switch (kind) {
            case HERE_NOT_AT_CHANNEL -> {
                boolean listedPaid = onLaterStatement.filter(l -> l.tradeStatus() == ChannelTradeStatus.SUCCESS
                        && now != null && l.amount().equals(now.amount())).isPresent();
                yield listedPaid ? Optional.empty() : Optional.of("held since " + heldDay
                        + " (paid near the day's end); the next statement does not list it as paid either");
            }
            case PAID_AT_CHANNEL_NOT_HERE -> now != null && now.status().isPaid() ? Optional.empty()
                    : Optional.of("held since " + heldDay + " (paid at the channel near the day's end); the payment"
                            + " is still " + (now == null ? "missing" : now.status()));
            default -> throw new IllegalArgumentException(kind + " is never held for timing");
        };
    }
}
