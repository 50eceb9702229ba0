package dev.tristate.sandbox;

import java.time.Instant;

/**
 * One line of a channel statement. A trade yields one {@link EntryType#PAYMENT} row; refunds, when they come, will
 * each yield a {@link EntryType#REFUND} row from their own entry without changing this shape.
 */
record StatementRow(String tradeNo, String outTradeNo, EntryType type, String status, long amountMinor,
                    String currency, Instant eventTime) {
}
