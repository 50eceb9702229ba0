package dev.tristate.adapter.out.messaging;

import dev.tristate.domain.event.EventId;
import java.util.concurrent.CompletableFuture;

/** A published message waiting for its confirm. */
final class PendingConfirm {

    final long seqNo;
    final EventId eventId;
    final String messageId;
    final CompletableFuture<Confirmation> confirmation = new CompletableFuture<>();
    /** Set by the return listener before the confirm completes (RabbitMQ), so the awaiting thread sees it. */
    volatile String returned;

    PendingConfirm(long seqNo, EventId eventId) {
        this.seqNo = seqNo;
        this.eventId = eventId;
        this.messageId = eventId.toString();
    }
}
