package dev.tristate.simulator.stripe;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one account holds: its objects, the switches of its trades, its forced faults and its idempotency keys.
 * Nothing survives a restart. Callers hold the book's monitor around every read and change of its objects.
 */
final class AccountBook {

    final String account;
    final Map<String, SimSession> sessions = new LinkedHashMap<>();
    final Map<String, SimIntent> intents = new LinkedHashMap<>();
    final Map<String, SimCharge> charges = new LinkedHashMap<>();
    final Map<String, SimRefund> refunds = new LinkedHashMap<>();
    final Map<String, SimBalanceTransaction> balance = new LinkedHashMap<>();
    private final Map<String, Behaviour> behaviours = new LinkedHashMap<>();
    private final List<ArmedFault> faults = new ArrayList<>();
    private final Map<String, StoredAnswer> idempotency = new LinkedHashMap<>();

    AccountBook(String account) {
        this.account = account;
    }

    synchronized Behaviour behaviour(String outTradeNo) {
        return outTradeNo == null ? Behaviour.NONE : behaviours.getOrDefault(outTradeNo, Behaviour.NONE);
    }

    synchronized void behaviour(String outTradeNo, Behaviour behaviour) {
        behaviours.put(outTradeNo, behaviour);
    }

    synchronized void arm(Fault fault) {
        faults.add(new ArmedFault(fault, fault.times()));
    }

    synchronized void clearFaults() {
        faults.clear();
    }

    /** The first armed fault for this call, used up once; empty when none matches. */
    synchronized Optional<Fault> takeFault(String method, String apiPath) {
        for (Iterator<ArmedFault> it = faults.iterator(); it.hasNext(); ) {
            ArmedFault armed = it.next();
            if (armed.fault.matches(method, apiPath)) {
                if (--armed.left == 0) {
                    it.remove();
                }
                return Optional.of(armed.fault);
            }
        }
        return Optional.empty();
    }

    /**
     * Claims an idempotency key for a request: empty when the key is new (the caller must {@link #store} or
     * {@link #release} it), else what is stored under it ({@link StoredAnswer#inFlight()} while the first request
     * still runs).
     */
    synchronized Optional<StoredAnswer> claim(String key, String request) {
        StoredAnswer stored = idempotency.get(key);
        if (stored != null) {
            return Optional.of(stored);
        }
        idempotency.put(key, StoredAnswer.inFlight(request));
        return Optional.empty();
    }

    synchronized void store(String key, StoredAnswer answer) {
        idempotency.put(key, answer);
    }

    synchronized void release(String key) {
        idempotency.remove(key);
    }

    SimSession session(String id) {
        SimSession session = sessions.get(id);
        if (session == null) {
            throw StripeApiError.noSuch("checkout.session", id, "session");
        }
        return session;
    }

    SimIntent intent(String id, String param) {
        SimIntent intent = intents.get(id);
        if (intent == null) {
            throw StripeApiError.noSuch("payment_intent", id, param);
        }
        return intent;
    }

    SimRefund refund(String id) {
        SimRefund refund = refunds.get(id);
        if (refund == null) {
            throw StripeApiError.noSuch("refund", id, "id");
        }
        return refund;
    }

    /** The out_trade_no a balance transaction's source belongs to, for its switches. */
    String outTradeNoOfIntent(String intentId) {
        SimIntent intent = intentId == null ? null : intents.get(intentId);
        return intent == null ? null : intent.outTradeNo();
    }

    private static final class ArmedFault {
        final Fault fault;
        int left;

        ArmedFault(Fault fault, int left) {
            this.fault = fault;
            this.left = left;
        }
    }

    /**
     * An answer kept under an idempotency key, with the request it answered ({@code METHOD path?sorted parameters}).
     * A null status means the first request is still running.
     */
    record StoredAnswer(String request, Integer status, String contentType, byte[] body) {
        static StoredAnswer inFlight(String request) {
            return new StoredAnswer(request, null, null, null);
        }

        boolean inFlight() {
            return status == null;
        }
    }
}
