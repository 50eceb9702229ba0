package dev.tristate.simulator.wechat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sends notifications as WeChat Pay v3 does: a JSON envelope ({@code id}, {@code create_time}, {@code event_type},
 * {@code resource_type}, {@code summary}) whose {@code resource} is the object encrypted with AEAD_AES_256_GCM under
 * the merchant's APIv3 key, signed with the platform key in the {@code Wechatpay-*} headers, POSTed to the order's
 * {@code notify_url}. HTTP 200 or 204 acknowledges; anything else (a 4xx or 5xx, a refused connection, no answer
 * within the request timeout) is re-sent on WeChat Pay's schedule (15 s, 15 s, 30 s, 3 min, ... 6 h: 15 re-sends,
 * compressed by {@code time-compression}). Copies are independent of each other, so they may arrive in any order.
 */
@Component
class WechatNotifier {

    private static final Log log = LogFactory.getLog(WechatNotifier.class);
    /** Copies of one notification are started this far apart, so that their order is what the switches say. */
    private static final long STAGGER_MS = 15;

    /** One notification and how its copies went. */
    private static final class Outgoing {
        final String id;
        final String mchid;
        final String eventType;
        final String outTradeNo;
        final String outRefundNo;
        final String notifyUrl;
        final String body;
        final AtomicInteger copies = new AtomicInteger();
        final AtomicInteger pending = new AtomicInteger();
        final AtomicInteger attempts = new AtomicInteger();
        final AtomicInteger acknowledged = new AtomicInteger();
        volatile boolean dropped;
        volatile boolean held;
        volatile boolean gaveUp;

        Outgoing(String id, String mchid, String eventType, String outTradeNo, String outRefundNo, String notifyUrl,
                 String body) {
            this.id = id;
            this.mchid = mchid;
            this.eventType = eventType;
            this.outTradeNo = outTradeNo;
            this.outRefundNo = outRefundNo;
            this.notifyUrl = notifyUrl;
            this.body = body;
        }

        WechatNotice view() {
            String state = dropped ? "DROPPED" : held ? "HELD" : gaveUp ? "GAVE_UP"
                    : pending.get() > 0 ? "PENDING" : "DELIVERED";
            return new WechatNotice(id, eventType, outTradeNo, outRefundNo, state, copies.get(), attempts.get(),
                    acknowledged.get());
        }
    }

    private final WechatSimulatorSettings settings;
    private final WechatPlatformKeys platform;
    private final WechatMerchants merchants;
    private final WechatSimulatorScheduler scheduler;
    private final HttpClient client;
    private final Map<String, List<Outgoing>> byMerchant = new ConcurrentHashMap<>();
    private final Map<String, List<Outgoing>> heldByTrade = new ConcurrentHashMap<>();

    WechatNotifier(WechatSimulatorSettings settings, WechatPlatformKeys platform, WechatMerchants merchants,
                   WechatSimulatorScheduler scheduler) {
        this.settings = settings;
        this.platform = platform;
        this.merchants = merchants;
        this.scheduler = scheduler;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.properties().notifications().connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** {@code TRANSACTION.SUCCESS} for a paid trade. */
    void paid(WechatTrade trade) {
        send(trade, "TRANSACTION.SUCCESS", "支付成功", "transaction", trade.transaction(), null, trade.notifyUrl);
    }

    /** {@code REFUND.SUCCESS}, {@code REFUND.ABNORMAL} or {@code REFUND.CLOSED} for a refund that ended. */
    void refundEnded(WechatTrade trade, WechatTrade.Refund refund) {
        String summary = switch (refund.status) {
            case "SUCCESS" -> "退款成功";
            case "ABNORMAL" -> "退款异常";
            default -> "退款关闭";
        };
        send(trade, "REFUND." + refund.status, summary, "refund", trade.refundNotice(refund), refund.outRefundNo,
                refund.notifyUrl == null ? trade.notifyUrl : refund.notifyUrl);
    }

    List<WechatNotice> notices(String mchid, String outTradeNo) {
        return byMerchant.getOrDefault(mchid, List.of()).stream()
                .filter(n -> outTradeNo == null || n.outTradeNo.equals(outTradeNo)).map(Outgoing::view).toList();
    }

    private void send(WechatTrade trade, String eventType, String summary, String originalType, ObjectNode resource,
                      String outRefundNo, String notifyUrl) {
        Optional<WechatMerchant> merchant = merchants.byId(trade.mchid);
        if (merchant.isEmpty()) {
            log.warn("Merchant " + trade.mchid + " is unknown now; its " + eventType + " notification is not sent");
            return;
        }
        String nonce = WechatSigning.nonce(12);
        ObjectNode envelope = WechatJson.object();
        String id = UUID.randomUUID().toString();
        envelope.put("id", id);
        envelope.put("create_time", WechatSimulatorSettings.rfc3339(settings.now()));
        envelope.put("resource_type", "encrypt-resource");
        envelope.put("event_type", eventType);
        envelope.put("summary", summary);
        ObjectNode encrypted = envelope.putObject("resource");
        encrypted.put("original_type", originalType);
        encrypted.put("algorithm", "AEAD_AES_256_GCM");
        encrypted.put("ciphertext", WechatSigning.encrypt(merchant.get().apiV3Key(), originalType, nonce,
                WechatJson.write(resource)));
        encrypted.put("associated_data", originalType);
        encrypted.put("nonce", nonce);
        Outgoing notice = new Outgoing(id, trade.mchid, eventType, trade.outTradeNo, outRefundNo, notifyUrl,
                WechatJson.write(envelope));
        byMerchant.computeIfAbsent(trade.mchid, none -> new CopyOnWriteArrayList<>()).add(notice);
        WechatBehaviour behaviour;
        synchronized (trade) {
            behaviour = trade.behaviour;
        }
        if (behaviour.dropNotifications()) {
            notice.dropped = true;
            return;
        }
        String tradeKey = trade.mchid + "/" + trade.outTradeNo;
        List<Outgoing> toSend = new ArrayList<>();
        if (behaviour.outOfOrder() && outRefundNo == null) {
            // A payment's notification waits for the trade's next one and then goes out after it.
            notice.held = true;
            heldByTrade.computeIfAbsent(tradeKey, none -> new CopyOnWriteArrayList<>()).add(notice);
            return;
        }
        toSend.add(notice);
        Optional.ofNullable(heldByTrade.remove(tradeKey)).ifPresent(toSend::addAll);
        long start = behaviour.delayMs();
        for (Outgoing outgoing : toSend) {
            outgoing.held = false;
            List<Integer> copies = new ArrayList<>();
            for (int copy = 0; copy <= behaviour.duplicates(); copy++) {
                copies.add(copy);
            }
            if (behaviour.outOfOrder()) {
                Collections.reverse(copies);
            }
            for (int ignored : copies) {
                outgoing.copies.incrementAndGet();
                outgoing.pending.incrementAndGet();
                if (!scheduler.schedule(() -> attempt(outgoing, 0), start)) {
                    outgoing.pending.decrementAndGet();
                }
                start += STAGGER_MS;
            }
        }
    }

    /** Releases what an out-of-order switch holds for the trade (a test's way to end the wait). */
    void release(String mchid, String outTradeNo) {
        List<Outgoing> held = heldByTrade.remove(mchid + "/" + outTradeNo);
        if (held == null) {
            return;
        }
        long start = 0;
        for (Outgoing outgoing : held) {
            outgoing.held = false;
            outgoing.copies.incrementAndGet();
            outgoing.pending.incrementAndGet();
            if (!scheduler.schedule(() -> attempt(outgoing, 0), start)) {
                outgoing.pending.decrementAndGet();
            }
            start += STAGGER_MS;
        }
    }

    private void attempt(Outgoing notice, int resendsSoFar) {
        notice.attempts.incrementAndGet();
        HttpRequest request;
        try {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(notice.notifyUrl))
                    .timeout(settings.properties().notifications().requestTimeout())
                    .header("Content-Type", "application/json")
                    .header("User-Agent", "Mozilla/4.0")
                    .POST(HttpRequest.BodyPublishers.ofString(notice.body));
            // Signed at each attempt, with its own timestamp and nonce, as WeChat Pay does.
            platform.sign(settings.now().getEpochSecond(), notice.body).forEach(builder::header);
            request = builder.build();
        } catch (IllegalArgumentException badUrl) {
            log.warn("Notification " + notice.id + " has an unusable notify_url; not sent");
            notice.pending.decrementAndGet();
            notice.gaveUp = true;
            return;
        }
        client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((answer, failure) -> {
            if (failure == null && (answer.statusCode() == 200 || answer.statusCode() == 204)) {
                notice.acknowledged.incrementAndGet();
                notice.pending.decrementAndGet();
            } else {
                resendOrGiveUp(notice, resendsSoFar);
            }
        });
    }

    private void resendOrGiveUp(Outgoing notice, int resendsSoFar) {
        List<Duration> schedule = settings.properties().notifications().resendAfter();
        if (resendsSoFar >= schedule.size() || !scheduler.schedule(() -> attempt(notice, resendsSoFar + 1),
                settings.compressedMillis(schedule.get(resendsSoFar)))) {
            log.warn("Notification " + notice.id + " was not acknowledged after " + (resendsSoFar + 1)
                    + " attempts; giving up (the merchant must query)");
            notice.gaveUp = true;
            notice.pending.decrementAndGet();
        }
    }
}
