package dev.tristate.adapter.out.persistence.resolution;

import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface ResolutionCaseMapper {

    class CaseRow {
        String paymentId;
        String tenantId;
        String channel;
        String status;
        String reason;
        int attempts;
        LocalDateTime nextAttemptAt;
        String leaseToken;
        LocalDateTime leaseUntil;
        String lastResult;
        LocalDateTime openedAt;
        LocalDateTime updatedAt;
    }

    class CandidateRow {
        String tenantId;
        String paymentId;
        String channel;
    }

    class AttemptRow {
        String tenantId;
        String paymentId;
        int attempt;
        LocalDateTime askedAt;
        String answer;
        String effect;
        String detail;
    }

    class StatusCountRow {
        String status;
        long cases;
        LocalDateTime oldestOpenedAt;
    }

    CaseRow find(@Param("paymentId") String paymentId);

    List<StatusCountRow> countByStatus();

    int insert(CaseRow row);

    int reopen(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
               @Param("reason") String reason, @Param("dueAt") LocalDateTime dueAt);

    int bringForward(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
                     @Param("dueAt") LocalDateTime dueAt);

    List<CandidateRow> findStalePayments(@Param("staleBefore") LocalDateTime staleBefore, @Param("limit") int limit,
                                         @Param("unresolvedStatuses") List<String> unresolvedStatuses,
                                         @Param("activeCaseStatuses") List<String> activeCaseStatuses);

    List<String> findDue(@Param("channels") Collection<String> channels, @Param("now") LocalDateTime now,
                         @Param("limit") int limit);

    int lease(@Param("paymentId") String paymentId, @Param("token") String token, @Param("now") LocalDateTime now,
              @Param("leaseUntil") LocalDateTime leaseUntil);

    int leaseNow(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
                 @Param("token") String token, @Param("now") LocalDateTime now,
                 @Param("leaseUntil") LocalDateTime leaseUntil);

    int complete(@Param("paymentId") String paymentId, @Param("token") String token, @Param("status") String status,
                 @Param("attempts") int attempts, @Param("nextAttemptAt") LocalDateTime nextAttemptAt,
                 @Param("lastResult") String lastResult, @Param("at") LocalDateTime at);

    int insertAttempt(AttemptRow row);

    List<CaseRow> list(@Param("tenantId") String tenantIdOrNull, @Param("statuses") Collection<String> statuses,
                       @Param("limit") int limit);

    List<AttemptRow> history(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId);
}
