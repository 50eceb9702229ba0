package dev.tristate.simulator.wechat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Discrepancies written into one merchant's trade bill of one day, on top of what its trades say: rows the merchant
 * never caused, another amount for a trade, a paid trade left out. For reconciliation tests.
 *
 * @param extraRows  rows added as they are (a trade the merchant never placed, a refund made elsewhere)
 * @param amountsFen out_trade_no to the amount its SUCCESS row reports instead of the trade's
 * @param omitted    out_trade_nos whose SUCCESS rows are left out (a paid trade missing from the bill)
 */
public record WechatBillSeed(List<ExtraRow> extraRows, Map<String, Long> amountsFen, Set<String> omitted) {

    public static final WechatBillSeed NONE = new WechatBillSeed(List.of(), Map.of(), Set.of());

    public WechatBillSeed {
        extraRows = List.copyOf(extraRows);
        amountsFen = Map.copyOf(amountsFen);
        omitted = Set.copyOf(omitted);
    }

    /**
     * One added row: a SUCCESS (payment) row when {@code outRefundNo} is null, else a REFUND row with that
     * {@code out_refund_no} and {@code refundId}; amounts in fen.
     */
    public record ExtraRow(String transactionId, String outTradeNo, long amountFen, Instant time, String refundId,
                           String outRefundNo) {
    }

    public WechatBillSeed withTrade(String transactionId, String outTradeNo, long amountFen, Instant paidAt) {
        List<ExtraRow> rows = new ArrayList<>(extraRows);
        rows.add(new ExtraRow(transactionId, outTradeNo, amountFen, paidAt, null, null));
        return new WechatBillSeed(rows, amountsFen, omitted);
    }

    public WechatBillSeed withRefund(String transactionId, String outTradeNo, String refundId, String outRefundNo,
                                     long amountFen, Instant refundedAt) {
        List<ExtraRow> rows = new ArrayList<>(extraRows);
        rows.add(new ExtraRow(transactionId, outTradeNo, amountFen, refundedAt, refundId, outRefundNo));
        return new WechatBillSeed(rows, amountsFen, omitted);
    }

    public WechatBillSeed withAmount(String outTradeNo, long amountFen) {
        Map<String, Long> amounts = new HashMap<>(amountsFen);
        amounts.put(outTradeNo, amountFen);
        return new WechatBillSeed(extraRows, amounts, omitted);
    }

    public WechatBillSeed without(String outTradeNo) {
        Set<String> left = new HashSet<>(omitted);
        left.add(outTradeNo);
        return new WechatBillSeed(extraRows, amountsFen, left);
    }
}
