package dev.tristate.application.resolution.port.in;

import java.util.Map;

/**
 * One round of the active-query resolver: open cases for stale unresolved payments, lease the due cases, ask the
 * channel about each and apply its answer through the same state machine as a callback (source QUERY). Safe to run
 * from several instances at once: a case is leased to one resolver at a time.
 */
public interface ResolvePaymentsUseCase {

    ResolverRun resolveDue();

    /**
     * What one round did: cases opened for stale payments, leased, and what became of the leased ones; {@code answers}
     * counts the questions the channel was asked by what it said, as the case history writes it (SUCCESS, NOT_FOUND,
     * REFUND_SUCCESS ..., NO_ANSWER where it gave none, FAILED also where it refused the question). Cases decided
     * without asking the channel are not in it.
     */
    record ResolverRun(int opened, int claimed, int resolved, int rescheduled, int flagged, int lostLease,
                       Map<String, Integer> answers) {
        public ResolverRun {
            answers = Map.copyOf(answers);
        }

        public ResolverRun(int opened, int claimed, int resolved, int rescheduled, int flagged, int lostLease) {
            this(opened, claimed, resolved, rescheduled, flagged, lostLease, Map.of());
        }
    }
}
