package dev.tristate.adapter.out.persistence;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Mapper;

@Mapper
interface OutboxMapper {

    class OutboxRow {
        Long id;
        String eventId;
        String eventKey;
        String tenantId;
        String aggregateType;
        String aggregateId;
        String eventType;
        String payload;
        String status;
        int attempts;
        LocalDateTime nextAttemptAt;
        LocalDateTime createdAt;
    }

    int insert(OutboxRow row);
}
