package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.outbox.BacklogSample;
import dev.tristate.domain.outbox.OutboxBacklog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The backlog over time, one sample per five minutes, shared by every instance through the {@link BacklogSampleStore}.
 * This process folds its reads of the current five minutes into one sample (the greatest count and age win, so that a
 * spike between two reads is kept) and writes it once those five minutes are over; of several instances the first to
 * write a five minutes' sample wins. A day is shown, two are kept.
 */
final class BacklogHistory {

    static final Duration BUCKET = Duration.ofMinutes(5);
    static final Duration SHOWN = Duration.ofDays(1);
    static final Duration KEPT = Duration.ofDays(2);

    private final BacklogSampleStore store;
    private BacklogSample open;

    BacklogHistory(BacklogSampleStore store) {
        this.store = store;
    }

    void add(Instant at, OutboxBacklog backlog) {
        BacklogSample read = new BacklogSample(bucketOf(at), backlog.pending(), backlog.oldestPendingAge(at)
                .toSeconds());
        BacklogSample closed = null;
        synchronized (this) {
            if (open == null || read.at().isAfter(open.at())) {
                closed = open;
                open = read;
            } else if (read.at().equals(open.at())) {
                open = new BacklogSample(open.at(), Math.max(open.waiting(), read.waiting()),
                        Math.max(open.oldestWaitingSeconds(), read.oldestWaitingSeconds()));
            }
            // A read older than the open five minutes (a slow reader's) belongs to a sample already written: dropped.
        }
        if (closed != null) {
            write(closed, at);
        }
    }

    private void write(BacklogSample closed, Instant now) {
        try {
            store.addIfAbsent(closed);
            store.deleteBefore(now.minus(KEPT));
        } catch (PersistenceFailure e) {
            // One lost sample is a gap in a chart; the backlog read that the gauges wait for must not fail for it.
        }
    }

    /**
     * The last day's samples, oldest first: the stored ones up to {@code now} and this process's sample of the current
     * five minutes, merged with a stored one of the same five minutes (the greatest count and age win). A stored
     * sample later than {@code now} comes from an instance whose clock runs ahead: it is left out rather than hide
     * this process's own reading.
     */
    List<BacklogSample> samples(Instant now) {
        BacklogSample current;
        synchronized (this) {
            current = open;
        }
        Instant from = now.minus(SHOWN);
        List<BacklogSample> samples = new ArrayList<>();
        for (BacklogSample stored : store.since(from)) {
            if (!stored.at().isAfter(now)) {
                samples.add(stored);
            }
        }
        if (current != null && !current.at().isBefore(from)) {
            int last = samples.size() - 1;
            if (last < 0 || samples.get(last).at().isBefore(current.at())) {
                samples.add(current);
            } else if (samples.get(last).at().equals(current.at())) {
                samples.set(last, new BacklogSample(current.at(),
                        Math.max(current.waiting(), samples.get(last).waiting()),
                        Math.max(current.oldestWaitingSeconds(), samples.get(last).oldestWaitingSeconds())));
            }
        }
        return List.copyOf(samples);
    }

    static Instant bucketOf(Instant at) {
        return Instant.ofEpochSecond(at.getEpochSecond() - Math.floorMod(at.getEpochSecond(), BUCKET.toSeconds()));
    }
}
