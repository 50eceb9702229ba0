package dev.tristate.simulator.alipay;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Discrepancies written into one app's bill of one day, on top of what its trades say: rows the merchant never
 * caused, another amount for a trade, a paid trade left out. For reconciliation tests.
 *
 * @param extraRows   rows added as they are (a trade the merchant never created, a refund made elsewhere)
 * @param amountsFen  out_trade_no to the amount its 交易 row reports instead of the trade's
 * @param omitted     out_trade_nos whose 交易 rows are left out (a paid trade missing from the bill)
 */
public record BillSeed(List<ExtraRow> extraRows, Map<String, Long> amountsFen, Set<String> omitted) {

    public static final BillSeed NONE = new BillSeed(List.of(), Map.of(), Set.of());

    public BillSeed {
        extraRows = List.copyOf(extraRows);
        amountsFen = Map.copyOf(amountsFen);
        omitted = Set.copyOf(omitted);
    }

    /**
     * One added row. {@code refundRequestNo} null makes it a 交易 (payment) row, else a 退款 (refund) row of that
     * request number; amounts are in fen and positive (a refund row is written negative, as Alipay writes it).
     */
    public record ExtraRow(String tradeNo, String outTradeNo, long amountFen, Instant time, String refundRequestNo) {
    }

    public BillSeed withTrade(String tradeNo, String outTradeNo, long amountFen, Instant paidAt) {
        List<ExtraRow> rows = new ArrayList<>(extraRows);
        rows.add(new ExtraRow(tradeNo, outTradeNo, amountFen, paidAt, null));
        return new BillSeed(rows, amountsFen, omitted);
    }

    public BillSeed withRefund(String tradeNo, String outTradeNo, String outRequestNo, long amountFen,
                               Instant refundedAt) {
        List<ExtraRow> rows = new ArrayList<>(extraRows);
        rows.add(new ExtraRow(tradeNo, outTradeNo, amountFen, refundedAt, outRequestNo));
        return new BillSeed(rows, amountsFen, omitted);
    }

    public BillSeed withAmount(String outTradeNo, long amountFen) {
        Map<String, Long> amounts = new HashMap<>(amountsFen);
        amounts.put(outTradeNo, amountFen);
        return new BillSeed(extraRows, amounts, omitted);
    }

    public BillSeed without(String outTradeNo) {
        Set<String> left = new HashSet<>(omitted);
        left.add(outTradeNo);
        return new BillSeed(extraRows, amountsFen, left);
    }
}
