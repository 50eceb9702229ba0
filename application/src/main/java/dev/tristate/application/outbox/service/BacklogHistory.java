package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.OutboxBacklogQuery.BacklogSample;
import dev.tristate.domain.outbox.OutboxBacklog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A day of backlog reads in at most {@link #BUCKETS} samples: reads within the same five minutes fold into one sample
 * (the greatest count and age win), and samples older than a day fall off. Bounded memory whatever the read rate.
 */
final class BacklogHistory {

    static final Duration BUCKET = Duration.ofMinutes(5);
    static final Duration KEPT = Duration.ofDays(1);
    static final int BUCKETS = (int) (KEPT.toSeconds() / BUCKET.toSeconds());

    private final Deque<BacklogSample> samples = new ArrayDeque<>();

    synchronized void add(Instant at, OutboxBacklog backlog) {
        long age = backlog.oldestPendingCreatedAt() == null ? 0
                : Math.max(0, Duration.between(backlog.oldestPendingCreatedAt(), at).toSeconds());
        Instant bucket = Instant.ofEpochSecond(at.getEpochSecond() - Math.floorMod(at.getEpochSecond(),
                BUCKET.toSeconds()));
        BacklogSample last = samples.peekLast();
        if (last != null && last.at().equals(bucket)) {
            samples.pollLast();
            samples.addLast(new BacklogSample(bucket, Math.max(last.waiting(), backlog.pending()),
                    Math.max(last.oldestWaitingSeconds(), age)));
        } else if (last == null || bucket.isAfter(last.at())) {
            samples.addLast(new BacklogSample(bucket, backlog.pending(), age));
        }
        // A read older than the newest sample (a slow reader's) belongs to a bucket already past: dropped.
        while (samples.size() > BUCKETS
                || (!samples.isEmpty() && samples.peekFirst().at().isBefore(bucket.minus(KEPT)))) {
            samples.pollFirst();
        }
    }

    synchronized List<BacklogSample> samples() {
        return List.copyOf(samples);
    }
}
