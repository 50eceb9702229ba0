package dev.tristate.adapter.out.persistence;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
interface PaymentMapper {

    int insert(PaymentRow row);

    PaymentRow findById(@Param("tenantId") String tenantId, @Param("id") String id);

    String findOwner(@Param("id") String id);

    int updateWhereUnchanged(@Param("after") PaymentRow after, @Param("expectedStatus") String expectedStatus,
                             @Param("expectedVersion") long expectedVersion);

    List<Map<String, Object>> countByStatus(@Param("tenantId") String tenantIdOrNull);
}
