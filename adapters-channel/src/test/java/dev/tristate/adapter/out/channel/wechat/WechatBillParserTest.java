package dev.tristate.adapter.out.channel.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** The trade bill laid out exactly as WeChat Pay publishes it ({@code bill_type=ALL}), read all or nothing. */
class WechatBillParserTest {

    private static final LocalDate DAY = LocalDate.parse("2030-07-01");

    private static byte[] fixture() throws IOException {
        try (InputStream in = WechatBillParserTest.class.getResourceAsStream("/wechat/1900000109_2030-07-01_ALL.csv")) {
            return in.readAllBytes();
        }
    }

    private static String text() throws IOException {
        return new String(fixture(), StandardCharsets.UTF_8);
    }

    @Test
    void paymentAndRefundLinesAreReadWithTheirChinaTimesAndAmounts() throws IOException {
        List<StatementLine> lines = WechatBillParser.parse(fixture(), DAY, "1900000109");

        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo(new StatementLine(2, "4200000101203007010000000001",
                "pay_01J0000000000000000000001", StatementEntryType.PAYMENT, "SUCCESS", Money.of(1999, "CNY"),
                Instant.parse("2030-07-01T01:15:02Z")));
        assertThat(lines.get(2)).isEqualTo(new StatementLine(4, "50300000012030070100000001",
                "pay_01J0000000000000000000001", StatementEntryType.REFUND, "SUCCESS", Money.of(500, "CNY"),
                Instant.parse("2030-07-01T08:02:11Z")));
    }

    @Test
    void anUploadMayBeTheGzipAndNameNoMerchant() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(fixture());
        }
        assertThat(WechatStatements.parse(gz.toByteArray(), DAY, 1_000_000)).hasSize(3);
    }

    @Test
    void aBillOfAnotherMerchantOrDayIsUnreadable() throws IOException {
        assertThatThrownBy(() -> WechatBillParser.parse(fixture(), DAY, "1900000999"))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("another merchant");
        assertThatThrownBy(() -> WechatBillParser.parse(fixture(), DAY.plusDays(1), "1900000109"))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("not 2030-07-02");
    }

    @Test
    void aSummaryThatDisagreesWithTheLinesOrIsMissingMakesItUnreadable() throws IOException {
        String lessCounted = text().replace("`3,`24.99", "`2,`24.99");
        String cut = text().substring(0, text().indexOf("总交易单数"));

        assertThatThrownBy(() -> WechatBillParser.parse(lessCounted.getBytes(StandardCharsets.UTF_8), DAY, null))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("总交易单数");
        assertThatThrownBy(() -> WechatBillParser.parse(cut.getBytes(StandardCharsets.UTF_8), DAY, null))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("no summary");
    }

    @Test
    void aValueWithoutItsBacktickOrAnAmountThatDoesNotReadIsUnreadable() throws IOException {
        String noBacktick = text().replace("`2030-07-01 11:40:27", "2030-07-01 11:40:27");
        String badAmount = text().replace("`5.00,`0.00,`", "`5.001,`0.00,`");

        assertThatThrownBy(() -> WechatBillParser.parse(noBacktick.getBytes(StandardCharsets.UTF_8), DAY, null))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("backtick");
        assertThatThrownBy(() -> WechatBillParser.parse(badAmount.getBytes(StandardCharsets.UTF_8), DAY, null))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("yuan");
    }

    @Test
    void aHeaderWithoutARequiredColumnIsUnreadable() throws IOException {
        String withoutColumn = text().replace("商户订单号,", "merchant order,");
        assertThatThrownBy(() -> WechatBillParser.parse(withoutColumn.getBytes(StandardCharsets.UTF_8), DAY, null))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("商户订单号");
    }
}
