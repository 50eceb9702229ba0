package dev.tristate.adapter.out.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The bill reader on a bill laid out exactly as Alipay publishes its 业务明细 (GBK, under src/test/resources/alipay),
 * as the CSV and inside a zip, and on the ways a bill is refused whole.
 */
class AlipayBillParserTest {

    private static final Charset GBK = Charset.forName("GBK");
    private static final LocalDate DAY = LocalDate.of(2030, 7, 1);
    private static final String SELLER = "2088101117955611";
    private static final String FIXTURE = "/alipay/20881011179556110156_20300701_业务明细.csv";

    private static byte[] fixture() throws IOException {
        try (InputStream in = AlipayBillParserTest.class.getResourceAsStream(FIXTURE)) {
            return in.readAllBytes();
        }
    }

    private static String fixtureText() throws IOException {
        return new String(fixture(), GBK);
    }

    private static byte[] zip(byte[] detail) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, GBK)) {
            zip.putNextEntry(new ZipEntry("20881011179556110156_20300701_业务明细(汇总).csv"));
            zip.write("#支付宝业务汇总查询\r\n".getBytes(GBK));
            zip.putNextEntry(new ZipEntry("20881011179556110156_20300701_业务明细.csv"));
            zip.write(detail);
        }
        return bytes.toByteArray();
    }

    @Test
    void readsAlipaysPublishedLayoutPaymentsByOrderAmountAndRefundsByTheirRequest() throws Exception {
        List<StatementLine> lines = AlipayBills.parse(fixture(), DAY, SELLER, 1_000_000);

        assertThat(lines).containsExactly(
                new StatementLine(6, "2030070122001446880500012345", "pay_01J0000000000000000000001",
                        StatementEntryType.PAYMENT, "SUCCESS", Money.of(1999, "CNY"),
                        Instant.parse("2030-07-01T01:59:30Z")),
                new StatementLine(7, "2030070122001446880500012399", "pay_01J0000000000000000000002",
                        StatementEntryType.PAYMENT, "SUCCESS", Money.of(10000, "CNY"),
                        Instant.parse("2030-07-01T15:41:05Z")),
                new StatementLine(8, "2030070122001446880500012345:rfd_01J0000000000000000000001",
                        "pay_01J0000000000000000000001", StatementEntryType.REFUND, "SUCCESS", Money.of(500, "CNY"),
                        Instant.parse("2030-07-01T04:00:02Z")));
    }

    @Test
    void readsTheSameBillInsideTheZipAndAsUtf8() throws Exception {
        List<StatementLine> fromCsv = AlipayBills.parse(fixture(), DAY, SELLER, 1_000_000);

        assertThat(AlipayBills.parse(zip(fixture()), DAY, SELLER, 1_000_000)).isEqualTo(fromCsv);
        assertThat(AlipayBills.parse(fixtureText().getBytes(StandardCharsets.UTF_8), DAY, null, 1_000_000))
                .isEqualTo(fromCsv);
    }

    @Test
    void aBillOfAnotherDayOrAnotherSellerIsRefusedWhole() throws Exception {
        assertThatThrownBy(() -> AlipayBills.parse(fixture(), DAY.plusDays(1), SELLER, 1_000_000))
                .isInstanceOfSatisfying(UnreadableStatement.class, refused -> assertThat(refused.problems())
                        .anyMatch(p -> p.message().contains("not over the day 2030-07-02")));
        assertThatThrownBy(() -> AlipayBills.parse(fixture(), DAY, "2088000000000999", 1_000_000))
                .isInstanceOfSatisfying(UnreadableStatement.class, refused -> assertThat(refused.problems())
                        .anyMatch(p -> p.message().contains("not of seller 2088000000000999")));
    }

    @Test
    void aBillCutShortOrOverTheLimitIsRefusedWhole() throws Exception {
        String cut = fixtureText().substring(0, fixtureText().indexOf("#" + "-".repeat(41) + "业务明细列表结束"));

        assertThatThrownBy(() -> AlipayBills.parse(cut.getBytes(GBK), DAY, SELLER, 1_000_000))
                .isInstanceOfSatisfying(UnreadableStatement.class, refused -> assertThat(refused.problems())
                        .anyMatch(p -> p.message().contains("cut short")));
        assertThatThrownBy(() -> AlipayBills.parse(fixture(), DAY, SELLER, 100))
                .isInstanceOfSatisfying(UnreadableStatement.class, refused -> assertThat(refused.problems().get(0)
                        .message()).contains("more than the limit of 100 bytes"));
        byte[] bomb = zip((fixtureText() + "#" + "0".repeat(200_000) + "\r\n").getBytes(GBK));
        assertThat(bomb.length).isLessThan(10_000);
        assertThatThrownBy(() -> AlipayBills.parse(bomb, DAY, SELLER, 10_000))
                .isInstanceOfSatisfying(UnreadableStatement.class, refused -> assertThat(refused.problems().get(0)
                        .message()).contains("more than the limit of 10000 bytes"));
    }

    @Test
    void everyBadRowIsNamedWithItsLineAndColumnAndNothingIsRead() throws Exception {
        String bad = fixtureText().replace(",19.99,19.99,", ",19.999,19.99,").replace("2030-07-01 23:41:05",
                "2030-07-02 00:00:01").replace(",退款\t,", ",冻结\t,");

        assertThatThrownBy(() -> AlipayBills.parse(bad.getBytes(GBK), DAY, SELLER, 1_000_000))
                .isInstanceOfSatisfying(UnreadableStatement.class, refused -> assertThat(refused.problems())
                        .extracting(UnreadableStatement.Problem::line, UnreadableStatement.Problem::column)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple(6, "订单金额（元）"),
                                org.assertj.core.groups.Tuple.tuple(7, "完成时间"),
                                org.assertj.core.groups.Tuple.tuple(8, "业务类型")));
    }

    @Test
    void aFileWithoutTheColumnsOrNotTextIsRefused() {
        assertThatThrownBy(() -> AlipayBills.parse("#支付宝业务明细查询\r\na,b,c\r\n".getBytes(GBK), DAY, null, 1000))
                .isInstanceOfSatisfying(UnreadableStatement.class, refused -> assertThat(refused.getMessage())
                        .contains("missing columns"));
        assertThatThrownBy(() -> AlipayBills.parse(new byte[] {(byte) 0xff, (byte) 0xff, 0x00}, DAY, null, 1000))
                .isInstanceOf(UnreadableStatement.class);
    }
}
