package dev.tristate.adapter.out.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;

class UtcDateTimeTypeHandlerTest {

    private static final DateTimeFormatter REFERENCE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    @Test
    void writesTheLiteralDigitByDigitAsTheFormatterWould() {
        assertThat(UtcDateTimeTypeHandler.literal(LocalDateTime.of(2024, 2, 9, 3, 4, 5, 6_789)))
                .isEqualTo("2024-02-09 03:04:05.000006");
        assertThat(UtcDateTimeTypeHandler.literal(LocalDateTime.of(1, 1, 1, 0, 0, 0, 0)))
                .isEqualTo("0001-01-01 00:00:00.000000");
        assertThat(UtcDateTimeTypeHandler.literal(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999)))
                .isEqualTo("9999-12-31 23:59:59.999999");
        Random random = new Random(6);
        for (int i = 0; i < 100_000; i++) {
            LocalDateTime t = LocalDateTime.of(1 + random.nextInt(9999), 1 + random.nextInt(12),
                    1 + random.nextInt(28), random.nextInt(24), random.nextInt(60), random.nextInt(60),
                    random.nextInt(1_000_000_000));
            assertThat(UtcDateTimeTypeHandler.literal(t)).isEqualTo(REFERENCE.format(t));
        }
    }

    @Test
    void leavesYearsOutsideFourDigitsToTheFormatter() {
        for (LocalDateTime t : new LocalDateTime[] {LocalDateTime.of(10_000, 1, 1, 0, 0), LocalDateTime.of(0, 6, 1, 0, 0),
                LocalDateTime.of(-5, 6, 1, 0, 0)}) {
            assertThat(UtcDateTimeTypeHandler.literal(t)).isEqualTo(REFERENCE.format(t));
        }
    }
}
