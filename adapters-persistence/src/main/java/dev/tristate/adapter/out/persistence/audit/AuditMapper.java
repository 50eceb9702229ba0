package dev.tristate.adapter.out.persistence.audit;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface AuditMapper {

    class AuditRow {
        String actionKey;
        String operator;
        String action;
        String subjectType;
        String subjectId;
        String reason;
        String result;
        String detail;
        LocalDateTime createdAt;
    }

    int insert(AuditRow row);

    AuditRow findByActionKey(@Param("actionKey") String actionKey);

    List<AuditRow> search(@Param("operator") String operator, @Param("action") String action,
                          @Param("subjectId") String subjectId, @Param("limit") int limit,
                          @Param("offset") long offset);

    long count(@Param("operator") String operator, @Param("action") String action,
               @Param("subjectId") String subjectId);

    List<AuditRow> forSubject(@Param("subjectType") String subjectType, @Param("subjectId") String subjectId);
}
