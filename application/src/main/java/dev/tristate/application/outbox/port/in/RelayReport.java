package dev.tristate.application.outbox.port.in;

/**
 * What one relay round did.
 *
 * @param claimed            events claimed under this round's lease
 * @param confirmed          of those, confirmed by the broker (acked, not returned)
 * @param markedSent         of the confirmed, written back as SENT; the others had lost their lease to another relay,
 *                           which publishes them again with the same event id
 * @param retried            rescheduled with backoff
 * @param quarantined        given up on after the retry window
 * @param brokerUnavailable  nothing reached the broker in this round (it could not be reached at all)
 * @param moreDue            the batch was full: more events are probably due right now
 */
public record RelayReport(int claimed, int confirmed, int markedSent, int retried, int quarantined,
                          boolean brokerUnavailable, boolean moreDue) {

    public static final RelayReport IDLE = new RelayReport(0, 0, 0, 0, 0, false, false);

    public RelayReport {
        if (claimed < 0 || confirmed < 0 || markedSent < 0 || retried < 0 || quarantined < 0
                || confirmed > claimed || markedSent > confirmed || confirmed + retried + quarantined > claimed) {
            throw new IllegalArgumentException("inconsistent relay report");
        }
    }

    /** Confirmed by the broker but no longer ours to mark: another relay took the lease over. */
    public int leaseLost() {
        return confirmed - markedSent;
    }
}
