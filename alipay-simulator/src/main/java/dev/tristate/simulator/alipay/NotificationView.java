package dev.tristate.simulator.alipay;

/**
 * How one notification stands, as the Java API and the control endpoint report it.
 *
 * @param state {@code DROPPED} (never sent), {@code SENDING}, {@code DELIVERED} (a copy was answered
 *              {@code success}) or {@code GAVE_UP} (every attempt of every copy went unacknowledged)
 */
public record NotificationView(String notifyId, String tradeStatus, String totalAmount, String state, int copies,
                               int attempts, int acknowledgedCopies) {
}
