package dev.tristate.adapter.out.persistence.reconciliation;

import dev.tristate.adapter.out.persistence.jdbc.PaymentRow;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface ReconciliationMapper {

    class RunRow {
        Long id;
        String tenantId;
        String channel;
        LocalDate statementDay;
        String source;
        String fileName;
        String statementSha256;
        String startedBy;
        LocalDateTime startedAt;
        LocalDateTime finishedAt;
        String status;
        String error;
        Integer statementLines;
        Integer paymentLines;
        Integer refundLines;
        Integer matched;
        Integer held;
        Integer released;
        Integer countedFromPool;
        Integer discrepancies;
        Integer newDiscrepancies;
        Integer repairsApplied;
        Integer repairsFailed;
        String skippedChecks;
    }

    /** The statement's line, as stored beside a discrepancy or a held item. */
    class LineColumns {
        Integer lineNo;
        String tradeNo;
        String outTradeNo;
        String lineType;
        String lineStatus;
        Long amountMinor;
        String currency;
        LocalDateTime eventTime;
    }

    class OpenDiscrepancyRow {
        String discrepancyClass;
        long openCount;
        LocalDateTime oldestCreatedAt;
    }

    class DiscrepancyRow extends LineColumns {
        Long id;
        String tenantId;
        String channel;
        LocalDate statementDay;
        String discrepancyClass;
        String repair;
        String subject;
        String paymentId;
        String ourStatus;
        String detail;
        String repairStatus;
        String repairResult;
        String repairedBy;
        String repairReason;
        LocalDateTime repairedAt;
        Long firstRunId;
        LocalDateTime createdAt;
    }

    class HoldRow extends LineColumns {
        Long id;
        String tenantId;
        String channel;
        LocalDate statementDay;
        String discrepancyClass;
        String subject;
        String paymentId;
        String detail;
        String status;
        Long heldByRun;
        Long settledByRun;
        String result;
        LocalDateTime heldAt;
        LocalDateTime settledAt;
    }

    int insertRun(RunRow row);

    int finishRun(RunRow row);

    int failRun(@Param("id") long id, @Param("error") String error, @Param("finishedAt") LocalDateTime finishedAt);

    RunRow run(@Param("tenantId") String tenantId, @Param("id") long id);

    List<RunRow> runs(@Param("tenantId") String tenantIdOrNull, @Param("limit") int limit);

    int insertDiscrepancy(DiscrepancyRow row);

    DiscrepancyRow discrepancyByKey(@Param("day") LocalDate day, @Param("tenantId") String tenantId,
                                    @Param("channel") String channel, @Param("kind") String kind,
                                    @Param("subject") String subject);

    DiscrepancyRow discrepancy(@Param("tenantId") String tenantId, @Param("id") long id);

    int linkDay(@Param("runId") long runId, @Param("tenantId") String tenantId, @Param("channel") String channel,
                @Param("day") LocalDate day);

    int countLinked(@Param("runId") long runId);

    List<DiscrepancyRow> discrepanciesOfRun(@Param("tenantId") String tenantId, @Param("runId") long runId,
                                            @Param("kind") String kindOrNull);

    int settleRepair(@Param("id") long id, @Param("expected") String expected, @Param("status") String status,
                     @Param("result") String result, @Param("by") String by, @Param("reason") String reason,
                     @Param("at") LocalDateTime at);

    int countHold(HoldRow row);

    int insertHold(HoldRow row);

    List<HoldRow> heldBefore(@Param("tenantId") String tenantId, @Param("channel") String channel,
                             @Param("day") LocalDate day);

    int stillHeld(@Param("tenantId") String tenantId, @Param("channel") String channel, @Param("day") LocalDate day);

    int settleHold(@Param("id") long id, @Param("status") String status, @Param("runId") long runId,
                   @Param("result") String result, @Param("at") LocalDateTime at);

    List<PaymentRow> paidBetween(@Param("tenantId") String tenantId, @Param("channel") String channel,
                                 @Param("from") LocalDateTime from, @Param("to") LocalDateTime to);

    List<OpenDiscrepancyRow> openDiscrepancies();
}
