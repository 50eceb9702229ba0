package dev.tristate.application.resolution.port.in;

/** The resolver's status query, as other features find its traces. */
public final class StatusQuery {

    /** The source of the notification recorded for each answer the resolver applies (a callback's is CALLBACK). */
    public static final String NOTIFICATION_SOURCE = "QUERY";

    private StatusQuery() {
    }
}
