package dev.tristate.application.outbox.port.out;

import dev.tristate.domain.outbox.BacklogSample;
import java.time.Instant;
import java.util.List;

/**
 * The outbox backlog's five-minute samples, shared by every instance and kept across restarts: one sample per
 * five minutes, the first instance to write it wins.
 */
public interface BacklogSampleStore {

    /** Stores the sample unless one for the same five minutes is stored; true when this call stored it. */
    boolean addIfAbsent(BacklogSample sample);

    /** The samples that began at or after {@code from}, oldest first. */
    List<BacklogSample> since(Instant from);

    /** Deletes the samples that began before {@code before}; how many went. */
    int deleteBefore(Instant before);
}
