package dev.tristate.application.resolution.port.in;

/**
 * One round of the active-query resolver: open cases for stale unresolved payments, lease the due cases, ask the
 * channel about each and apply its answer through the same state machine as a callback (source QUERY). Safe to run
 * from several instances at once: a case is leased to one resolver at a time.
 */
public interface ResolvePaymentsUseCase {

    ResolverRun resolveDue();

    /** What one round did: cases opened for stale payments, leased, and what became of the leased ones. */
    record ResolverRun(int opened, int claimed, int resolved, int rescheduled, int flagged, int lostLease) {
    }
}
