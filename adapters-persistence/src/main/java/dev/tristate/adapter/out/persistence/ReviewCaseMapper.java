package dev.tristate.adapter.out.persistence;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
interface ReviewCaseMapper {

    int insert(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
               @Param("notificationId") long notificationId, @Param("reason") String reason,
               @Param("detail") String detail, @Param("createdAt") LocalDateTime createdAt);
}
