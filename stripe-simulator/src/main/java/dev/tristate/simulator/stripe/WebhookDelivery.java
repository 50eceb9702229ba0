package dev.tristate.simulator.stripe;

/**
 * How one event's delivery went, for tests and the controls.
 *
 * @param state {@code HELD} (out of order, waiting for the next change), {@code DROPPED}, {@code SENDING},
 *              {@code DELIVERED} (a copy got a 2xx), {@code GAVE_UP} (three days of retries, or no endpoint)
 */
public record WebhookDelivery(String eventId, String type, String outTradeNo, String state, int copies, int attempts,
                              int acknowledgedCopies, byte[] body) {
}
