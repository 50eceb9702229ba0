package dev.tristate.sandbox;

import java.time.Instant;

/**
 * One line of a channel statement. A trade yields one {@link EntryType#PAYMENT} row and each of its successful refunds
 * one {@link EntryType#REFUND} row, whose {@code tradeNo} is the refund's refund_no.
 */
record StatementRow(String tradeNo, String outTradeNo, EntryType type, String status, long amountMinor,
                    String currency, Instant eventTime) {
}
