package dev.tristate.application.outbox.port.in;

/**
 * Housekeeping: deletes SENT outbox events older than the retention, in one small batch per call, so no call holds
 * many locks for long. Pending and quarantined events are never purged.
 */
public interface PurgeSentEventsUseCase {

    /** Deletes at most one batch; returns how many rows went. A full batch means: call again. */
    int purgeOnce();
}
