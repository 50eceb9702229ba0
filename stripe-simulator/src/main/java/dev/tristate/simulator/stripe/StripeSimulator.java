package dev.tristate.simulator.stripe;

import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The simulator's controls as a Java API, for tests and hosts (the same controls are at {@code _simulator/...} over
 * HTTP, authenticated with the account's secret key): accounts, the misbehaviour switches of a trade, forced faults,
 * seeded balance transactions, and how the webhooks went.
 */
@Component
public class StripeSimulator {

    private final StripeAccounts accounts;
    private final StripeBook books;
    private final Balance balance;
    private final Webhooks webhooks;

    StripeSimulator(StripeAccounts accounts, StripeBook books, Balance balance, Webhooks webhooks) {
        this.accounts = accounts;
        this.books = books;
        this.balance = balance;
        this.webhooks = webhooks;
    }

    /** Registers (or replaces) an account known without the host's directory. */
    public void register(StripeAccount account) {
        accounts.register(account);
    }

    /** Replaces the switches of the trade whose objects carry {@code metadata.out_trade_no = outTradeNo}. */
    public void behaviour(String account, String outTradeNo, Behaviour behaviour) {
        books.of(account).behaviour(outTradeNo, behaviour);
    }

    public Behaviour behaviour(String account, String outTradeNo) {
        return books.of(account).behaviour(outTradeNo);
    }

    /** Arms a fault for the account's next matching calls. */
    public void force(String account, Fault fault) {
        books.of(account).arm(fault);
    }

    public void clearFaults(String account) {
        books.of(account).clearFaults();
    }

    /**
     * Adds a balance transaction of its own (a {@code charge} with a positive amount, or a {@code refund} with a
     * negative one) created at {@code createdUnixSeconds}, whose source's metadata names {@code outTradeNo} (none when
     * null): a line for a trade Tristate does not know, or a second line for one it does. Returns its id.
     */
    public String seedBalanceTransaction(String account, String type, long amount, String currency,
                                         long createdUnixSeconds, String outTradeNo, String paymentIntentId) {
        return balance.seed(account, new Balance.Seed(type, amount, currency, createdUnixSeconds, outTradeNo,
                paymentIntentId));
    }

    /** The account's events, oldest first, with how their delivery went. */
    public List<WebhookDelivery> deliveries(String account) {
        return webhooks.deliveries(account);
    }
}
