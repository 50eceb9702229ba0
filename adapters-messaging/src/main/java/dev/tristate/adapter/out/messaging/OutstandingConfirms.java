package dev.tristate.adapter.out.messaging;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The confirms outstanding on one channel, by publish sequence number, and their correlation with what the broker
 * sends back: acks and nacks (one, or "multiple" up to a tag), returns (by message id) and the channel's shutdown.
 * The publishing thread adds and forgets; the connection's thread (and a closing thread, for the shutdown) completes.
 */
final class OutstandingConfirms {

    /** Published and not yet confirmed, by publish sequence number. */
    private final Map<Long, PendingConfirm> outstanding = new ConcurrentHashMap<>();
    /**
     * Every sequence number below it has been confirmed, so that a "multiple" confirm walks only the numbers it may
     * still cover; the connection's thread only.
     */
    private volatile long confirmedBelow = 1;

    /** Before the publish: its confirm may come before basicPublish returns. */
    void add(PendingConfirm pending) {
        outstanding.put(pending.seqNo, pending);
    }

    /** A publish that failed: no confirm will come for it. */
    void remove(PendingConfirm pending) {
        outstanding.remove(pending.seqNo);
    }

    /** A confirm no one waits for any more (too late): a confirm after this finds nothing. */
    void forget(PendingConfirm pending) {
        outstanding.remove(pending.seqNo, pending);
    }

    void confirmed(long deliveryTag, boolean multiple, Confirmation confirmation) {
        if (!multiple) {
            complete(outstanding.remove(deliveryTag), confirmation);
            if (deliveryTag == confirmedBelow) {
                confirmedBelow = deliveryTag + 1;
            }
            return;
        }
        // Every sequence number up to the tag; those confirmed one by one before are gone from the map already.
        long from = confirmedBelow;
        for (long seqNo = from; seqNo <= deliveryTag; seqNo++) {
            complete(outstanding.remove(seqNo), confirmation);
        }
        confirmedBelow = Math.max(from, deliveryTag + 1);
    }

    /**
     * Records a return on its message. A return names no sequence number: the oldest unconfirmed publish of that
     * message id is the one.
     */
    void returned(String messageId, String description) {
        PendingConfirm match = null;
        for (PendingConfirm pending : outstanding.values()) {
            if (pending.messageId.equals(messageId) && (match == null || pending.seqNo < match.seqNo)) {
                match = pending;
            }
        }
        if (match != null) {
            match.returned = description;
        }
    }

    /** Completes every confirm still outstanding with the channel's close. */
    void closed(String reason) {
        Confirmation closedChannel = Confirmation.closed(reason);
        for (Iterator<PendingConfirm> it = outstanding.values().iterator(); it.hasNext(); ) {
            complete(it.next(), closedChannel);
            it.remove();
        }
    }

    private static void complete(PendingConfirm pending, Confirmation confirmation) {
        if (pending != null) {
            pending.confirmation.complete(confirmation);
        }
    }
}
