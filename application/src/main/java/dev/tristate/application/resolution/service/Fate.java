package dev.tristate.application.resolution.service;

/** What became of one worked case, as a round of the resolver counts it. */
enum Fate {
    RESOLVED,
    RESCHEDULED,
    FLAGGED,
    /** Another resolver took the case over (the lease ran out) or the write-back failed: the case is due again. */
    LOST_LEASE
}
