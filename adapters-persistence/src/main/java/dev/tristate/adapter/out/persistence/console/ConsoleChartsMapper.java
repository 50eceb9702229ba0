package dev.tristate.adapter.out.persistence.console;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface ConsoleChartsMapper {

    class HourlyRow {
        String outcome;
        int h;
        long n;
    }

    List<HourlyRow> notificationsPerHour(@Param("outcomes") List<String> outcomes,
                                         @Param("since") LocalDateTime since);

    class AgeRow {
        long c0;
        long c1;
        long c2;
        long c3;
        long c4;
    }

    AgeRow unresolvedCasesByAge(@Param("b0") LocalDateTime b0, @Param("b1") LocalDateTime b1,
                                @Param("b2") LocalDateTime b2, @Param("b3") LocalDateTime b3);
}
