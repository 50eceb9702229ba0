package dev.tristate.adapter.out.persistence.outbox;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.outbox.BacklogSample;
import java.time.Instant;
import java.util.List;

/** The backlog samples in {@code outbox_backlog_samples}, one row per five minutes. */
public class MyBatisBacklogSampleStore implements BacklogSampleStore {

    private final BacklogSampleMapper mapper;

    public MyBatisBacklogSampleStore(BacklogSampleMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public boolean addIfAbsent(BacklogSample sample) {
        try {
            return translate(() -> mapper.insertIfAbsent(Rows.utc(sample.at()), sample.waiting(),
                    sample.oldestWaitingSeconds())) == 1;
        } catch (PersistenceFailure.AlreadyExists e) {
            // Another instance inserted the same five minutes between our NOT EXISTS and our insert: it won.
            return false;
        }
    }

    @Override
    public List<BacklogSample> since(Instant from) {
        return translate(() -> mapper.since(Rows.utc(from))).stream()
                .map(row -> new BacklogSample(Rows.instant(row.bucketStart), row.waiting, row.oldestWaitingSeconds))
                .toList();
    }

    @Override
    public int deleteBefore(Instant before) {
        return translate(() -> mapper.deleteBefore(Rows.utc(before)));
    }
}
