package dev.tristate.adapter.out.persistence.outbox;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

/** The statements on {@code outbox_backlog_samples}; times in UTC. */
@Mapper
public interface BacklogSampleMapper {

    class SampleRow {
        LocalDateTime bucketStart;
        long waiting;
        long oldestWaitingSeconds;
    }

    int insertIfAbsent(@Param("bucketStart") LocalDateTime bucketStart, @Param("waiting") long waiting,
                       @Param("oldestWaitingSeconds") long oldestWaitingSeconds);

    List<SampleRow> since(@Param("from") LocalDateTime from);

    int deleteBefore(@Param("before") LocalDateTime before);
}
