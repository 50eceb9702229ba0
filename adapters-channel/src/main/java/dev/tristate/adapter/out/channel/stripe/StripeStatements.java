package dev.tristate.adapter.out.channel.stripe;

import com.stripe.model.BalanceTransaction;
import com.stripe.model.BalanceTransactionSource;
import com.stripe.model.Charge;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.StripeCollection;
import com.stripe.param.BalanceTransactionListParams;
import dev.tristate.adapter.out.channel.stripe.StripeApi.Effect;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement.Problem;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The day's bill at Stripe: the account's balance transactions created on that UTC day, listed page by page with
 * their sources expanded, all or nothing. A {@code charge} (or {@code payment}) is a PAYMENT line with status
 * SUCCESS whose trade number is the charge's PaymentIntent; a {@code refund} (or {@code payment_refund}) is a REFUND
 * line whose trade number is the refund's id. The order number is the source's {@code metadata.out_trade_no} (a
 * refund made outside Tristate has none: its PaymentIntent's is read). Transactions of other types (payouts, fees,
 * adjustments) and charges of other integrations (no {@code out_trade_no}) are not lines. The amount is the
 * transaction's gross, or the source's when Stripe settled it in another currency.
 */
final class StripeStatements {

    static final Set<String> PAYMENT_TYPES = Set.of("charge", "payment");
    static final Set<String> REFUND_TYPES = Set.of("refund", "payment_refund");

    private final StripeApi api;
    private final int maxTransactions;

    StripeStatements(StripeApi api, int maxTransactions) {
        this.api = api;
        this.maxTransactions = maxTransactions;
    }

    ChannelStatement fetch(LocalDate day, String account, long maxBytes) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        List<BalanceTransaction> transactions = new ArrayList<>();
        String after = null;
        do {
            BalanceTransactionListParams.Builder params = BalanceTransactionListParams.builder()
                    .setCreated(BalanceTransactionListParams.Created.builder()
                            .setGte(StatementComparison.startOf(day).getEpochSecond())
                            .setLt(StatementComparison.endOf(day).getEpochSecond()).build())
                    .setLimit(100L)
                    .addExpand("data.source");
            if (after != null) {
                params.setStartingAfter(after);
            }
            StripeCollection<BalanceTransaction> page = api.call(account, Effect.READS,
                    "the balance transactions of " + day, client -> client.balanceTransactions().list(params.build()));
            byte[] raw = page.getLastResponse() == null ? new byte[0]
                    : page.getLastResponse().body().getBytes(StandardCharsets.UTF_8);
            file.writeBytes(raw);
            file.write('\n');
            if (file.size() > maxBytes) {
                throw UnreadableStatement.of(0, null, "the balance transactions of " + day + " are more than the "
                        + "limit of " + maxBytes + " bytes");
            }
            transactions.addAll(page.getData());
            if (transactions.size() > maxTransactions) {
                throw UnreadableStatement.of(0, null, "more than " + maxTransactions + " balance transactions on "
                        + day);
            }
            after = Boolean.TRUE.equals(page.getHasMore()) && !page.getData().isEmpty()
                    ? page.getData().get(page.getData().size() - 1).getId() : null;
        } while (after != null);
        return ChannelStatement.of(lines(transactions, day, account), file.toByteArray());
    }

    private List<StatementLine> lines(List<BalanceTransaction> transactions, LocalDate day, String account) {
        List<StatementLine> lines = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        Map<String, Integer> paymentLineOf = new HashMap<>();
        int lineNumber = 0;
        for (BalanceTransaction txn : transactions) {
            lineNumber++;
            boolean payment = PAYMENT_TYPES.contains(txn.getType());
            if (!payment && !REFUND_TYPES.contains(txn.getType())) {
                continue;
            }
            try {
                StatementLine line = line(lineNumber, txn, payment, day, account);
                if (line == null) {
                    continue;
                }
                Integer first = payment ? paymentLineOf.putIfAbsent(line.outTradeNo(), lineNumber) : null;
                if (first != null) {
                    problems.add(new Problem(lineNumber, "out_trade_no", line.outTradeNo()
                            + " already has a payment line (line " + first + ", " + txn.getId() + ")"));
                } else {
                    lines.add(line);
                }
            } catch (IllegalArgumentException | NullPointerException | ClassCastException unreadable) {
                problems.add(new Problem(lineNumber, txn.getId(), String.valueOf(unreadable.getMessage())));
            }
        }
        if (!problems.isEmpty()) {
            throw new UnreadableStatement(problems);
        }
        return lines;
    }

    private StatementLine line(int lineNumber, BalanceTransaction txn, boolean payment, LocalDate day,
                               String account) {
        Instant created = Instant.ofEpochSecond(txn.getCreated());
        if (created.isBefore(StatementComparison.startOf(day)) || !created.isBefore(StatementComparison.endOf(day))) {
            throw new IllegalArgumentException(txn.getId() + " was created at " + created + ", not on " + day);
        }
        BalanceTransactionSource source = txn.getSourceObject();
        if (source == null) {
            throw new IllegalArgumentException(txn.getId() + " came without its source");
        }
        long gross = Math.abs(txn.getAmount());
        String currency = txn.getCurrency();
        if (payment) {
            Charge charge = (Charge) source;
            String outTradeNo = StripeChannelGateway.metadata(charge.getMetadata());
            if (outTradeNo == null) {
                return null;
            }
            Money amount = !currency.equals(charge.getCurrency())
                    ? StripeAmounts.fromStripe(charge.getAmount(), charge.getCurrency())
                    : StripeAmounts.fromStripe(gross, currency);
            String tradeNo = charge.getPaymentIntent() == null ? charge.getId() : charge.getPaymentIntent();
            return new StatementLine(lineNumber, tradeNo, outTradeNo, StatementEntryType.PAYMENT, "SUCCESS", amount,
                    created);
        }
        Refund refund = (Refund) source;
        String outTradeNo = StripeChannelGateway.metadata(refund.getMetadata());
        if (outTradeNo == null && refund.getPaymentIntent() != null) {
            PaymentIntent intent = api.call(account, Effect.READS, "the PaymentIntent of refund " + refund.getId(),
                    client -> client.paymentIntents().retrieve(refund.getPaymentIntent()));
            outTradeNo = StripeChannelGateway.metadata(intent.getMetadata());
        }
        if (outTradeNo == null) {
            return null;
        }
        Money amount = !currency.equals(refund.getCurrency())
                ? StripeAmounts.fromStripe(refund.getAmount(), refund.getCurrency())
                : StripeAmounts.fromStripe(gross, currency);
        return new StatementLine(lineNumber, refund.getId(), outTradeNo, StatementEntryType.REFUND, "SUCCESS", amount,
                created);
    }
}
