package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.domain.outbox.BacklogSample;
import java.time.Instant;
import java.util.List;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/** The backlog samples in a sorted map keyed by the five minutes' start, as the table's primary key. */
public class InMemoryBacklogSampleStore implements BacklogSampleStore {

    private final NavigableMap<Instant, BacklogSample> samples = new ConcurrentSkipListMap<>();

    @Override
    public boolean addIfAbsent(BacklogSample sample) {
        return samples.putIfAbsent(sample.at(), sample) == null;
    }

    @Override
    public List<BacklogSample> since(Instant from) {
        return List.copyOf(samples.tailMap(from, true).values());
    }

    @Override
    public int deleteBefore(Instant before) {
        NavigableMap<Instant, BacklogSample> old = samples.headMap(before, false);
        int count = old.size();
        old.clear();
        return count;
    }
}
