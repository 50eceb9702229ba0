package dev.tristate.simulator.stripe;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/** The simulator's in-memory books, one per account. */
@Component
class StripeBook {

    private final Map<String, AccountBook> books = new ConcurrentHashMap<>();
    /** The pay page is the payer's and carries no key: it finds the session's account here. */
    private final Map<String, String> accountOfSession = new ConcurrentHashMap<>();

    AccountBook of(String account) {
        return books.computeIfAbsent(account, AccountBook::new);
    }

    void sessionCreated(String sessionId, String account) {
        accountOfSession.put(sessionId, account);
    }

    Optional<String> accountOfSession(String sessionId) {
        return Optional.ofNullable(sessionId).map(accountOfSession::get);
    }
}
