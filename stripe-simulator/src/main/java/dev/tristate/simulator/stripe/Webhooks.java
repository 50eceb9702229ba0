package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.NotificationDelivery;
import dev.tristate.simulator.kit.NotificationDelivery.AttemptOutcome;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns changes into Stripe events and posts them, signed, to the account's endpoint. Any 2xx acknowledges an
 * attempt; anything else (another status, a refused connection, a timeout) is re-sent with exponential backoff until
 * Stripe's three days are over (compressed by {@code time-compression}). Deliveries are independent of each other,
 * so events may arrive in any order, as Stripe warns.
 */
@Component
class Webhooks {

    /** The API version the SDK this simulator answers was built for; events are rendered in it. */
    static final String API_VERSION = "2025-03-31.basil";
    /** Events of one change are started this far apart, so that their order is what the switches say. */
    private static final long STAGGER_MS = 15;

    /** One event of a change: its type and the object as it stands. */
    record Change(String type, ObjectNode object) {
    }

    private final StripeSimulatorSettings settings;
    private final StripeAccounts accounts;
    private final NotificationDelivery delivery;
    private final Map<String, List<OutgoingEvent>> eventsByAccount = new ConcurrentHashMap<>();
    private final Map<String, List<OutgoingEvent>> heldByTrade = new ConcurrentHashMap<>();

    Webhooks(StripeSimulatorSettings settings, StripeAccounts accounts, StripeSimulatorScheduler scheduler) {
        this.settings = settings;
        this.accounts = accounts;
        this.delivery = new NotificationDelivery(scheduler, settings.webhooks().connectTimeout(),
                (status, body) -> status / 100 == 2 ? AttemptOutcome.ACKNOWLEDGED : AttemptOutcome.RETRY,
                this::pauseMsAfter);
    }

    /** Creates the events of one change of a trade's objects and sends them as the trade's switches say. */
    void emit(String account, String outTradeNo, Behaviour behaviour, List<Change> changes) {
        List<OutgoingEvent> batch = new ArrayList<>();
        for (Change change : changes) {
            OutgoingEvent event = event(account, outTradeNo, change);
            eventsByAccount.computeIfAbsent(account, none -> new CopyOnWriteArrayList<>()).add(event);
            batch.add(event);
        }
        if (behaviour.dropWebhooks()) {
            batch.forEach(event -> event.delivery.drop());
            return;
        }
        String tradeKey = account + "/" + outTradeNo;
        List<OutgoingEvent> toSend = new ArrayList<>(batch);
        if (behaviour.outOfOrder()) {
            Collections.reverse(toSend);
            List<OutgoingEvent> hold = toSend.stream()
                    .filter(event -> event.type.equals("payment_intent.payment_failed")).toList();
            toSend.removeAll(hold);
            toSend.addAll(heldByTrade.getOrDefault(tradeKey, List.of()));
            hold.forEach(event -> event.delivery.hold());
            heldByTrade.put(tradeKey, new ArrayList<>(hold));
        } else {
            toSend.addAll(Optional.ofNullable(heldByTrade.remove(tradeKey)).orElse(List.of()));
        }
        long start = behaviour.delayMs();
        for (OutgoingEvent event : toSend) {
            event.delivery.release();
            NotificationDelivery.Notification signed = new NotificationDelivery.Notification("event " + event.id
                    + " of account " + event.account, event.delivery, () -> request(event));
            for (int copy = 0; copy <= behaviour.duplicates(); copy++) {
                delivery.sendAlone(signed, start);
                start += STAGGER_MS;
            }
        }
    }

    List<WebhookDelivery> deliveries(String account) {
        return eventsByAccount.getOrDefault(account, List.of()).stream().map(OutgoingEvent::view).toList();
    }

    private OutgoingEvent event(String account, String outTradeNo, Change change) {
        String id = Ids.next("evt");
        ObjectNode json = Json.object();
        json.put("id", id);
        json.put("object", "event");
        json.put("api_version", API_VERSION);
        json.put("created", settings.nowSeconds());
        ObjectNode data = Json.object();
        data.set("object", change.object());
        json.set("data", data);
        json.put("livemode", false);
        json.put("pending_webhooks", 1);
        ObjectNode request = Json.object();
        request.putNull("id");
        request.putNull("idempotency_key");
        json.set("request", request);
        json.put("type", change.type());
        return new OutgoingEvent(id, account, change.type(), outTradeNo, Json.write(json));
    }

    /**
     * Stripe's backoff: {@code initial-delay * multiplier^(n - 1)} after the n-th attempt, until the next attempt would
     * fall after {@code give-up-after} of Stripe's time.
     */
    private OptionalLong pauseMsAfter(int attempt) {
        StripeSimulatorProperties.Webhooks schedule = settings.webhooks();
        Duration elapsed = Duration.ZERO;
        Duration pause = Duration.ZERO;
        for (int n = 1; n <= attempt; n++) {
            pause = Duration.ofMillis((long) (schedule.initialDelay().toMillis()
                    * Math.pow(schedule.multiplier(), n - 1)));
            elapsed = elapsed.plus(pause);
        }
        return elapsed.compareTo(schedule.giveUpAfter()) > 0
                ? OptionalLong.empty() : OptionalLong.of(settings.compressedMillis(pause));
    }

    /** Signed with the endpoint's secrets at each attempt; empty when the account has no endpoint. */
    private Optional<HttpRequest> request(OutgoingEvent event) {
        Optional<StripeAccount> account = accounts.byId(event.account);
        if (account.isEmpty() || account.get().webhookUrl() == null || account.get().endpointSecrets().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(HttpRequest.newBuilder(account.get().webhookUrl())
                .timeout(settings.webhooks().requestTimeout())
                .header("Content-Type", "application/json; charset=utf-8")
                .header("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")
                .header(StripeSignature.HEADER, StripeSignature.header(account.get().endpointSecrets(),
                        settings.nowSeconds(), event.body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(event.body))
                .build());
    }
}
