package dev.tristate.adapter.out.channel.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The statement reader: the sandbox's CSV read exactly, and every malformed file refused whole with a clear reason. */
class SandboxStatementParserTest {

    private static final LocalDate DAY = LocalDate.of(2031, 5, 14);
    private static final String HEADER = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n";
    private final SandboxStatementParser parser = new SandboxStatementParser(4096);

    private List<StatementLine> parse(String csv) {
        return parser.parse(csv.getBytes(StandardCharsets.UTF_8), DAY);
    }

    @Test
    void theSandboxStatementIsReadLineByLine() {
        List<StatementLine> lines = parse(HEADER
                + "T-1,pay_1,PAYMENT,SUCCESS,1999,CNY,2031-05-14T08:00:00.000Z\r\n"
                + "R-1,pay_1,REFUND,SUCCESS,100,CNY,2031-05-14T23:59:59.999Z\r\n");

        assertThat(lines).containsExactly(
                new StatementLine(2, "T-1", "pay_1", StatementEntryType.PAYMENT, "SUCCESS", Money.of(1999, "CNY"),
                        Instant.parse("2031-05-14T08:00:00Z")),
                new StatementLine(3, "R-1", "pay_1", StatementEntryType.REFUND, "SUCCESS", Money.of(100, "CNY"),
                        Instant.parse("2031-05-14T23:59:59.999Z")));
    }

    @Test
    void columnsMayComeInAnyOrderWithExtrasQuotedFieldsAndLfLineEnds() {
        List<StatementLine> lines = parse("currency,amount_minor,note,event_time,status,type,out_trade_no,trade_no\n"
                + "JPY,500,\"a, \"\"quoted\"\" note\",2031-05-14T09:00:00+08:00,FAILED,PAYMENT,pay_2,T-2\n");

        assertThat(lines).singleElement().satisfies(l -> {
            assertThat(l.amount()).isEqualTo(Money.of(500, "JPY"));
            assertThat(l.eventTime()).isEqualTo(Instant.parse("2031-05-14T01:00:00Z"));
            assertThat(l.tradeNo()).isEqualTo("T-2");
        });
    }

    @Test
    void aHeaderOnlyStatementHasNoLines() {
        assertThat(parse(HEADER)).isEmpty();
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "''|the statement is empty",
            "trade_no,out_trade_no,type,status,currency,event_time|missing columns: amount_minor",
            "HEADERT-1,pay_1,PAYMENT,SUCCESS,19.99,CNY,2031-05-14T08:00:00Z|line 2, amount_minor: '19.99' is not a whole",
            "HEADERT-1,pay_1,PAYMENT,SUCCESS,-5,CNY,2031-05-14T08:00:00Z|line 2, amount_minor: '-5'",
            "HEADERT-1,pay_1,PAYMENT,SUCCESS,99999999999999999999,CNY,2031-05-14T08:00:00Z|amount_minor",
            "HEADERT-1,pay_1,PAYMENT,SUCCESS,5,XYZ,2031-05-14T08:00:00Z|line 2, currency: unknown ISO 4217 currency",
            "HEADERT-1,pay_1,PAYMENT,SUCCESS,5,CNY,2031-05-15T00:00:00Z|is not on the statement's day 2031-05-14",
            "HEADERT-1,pay_1,PAYMENT,SUCCESS,5,CNY,yesterday|line 2, event_time: 'yesterday' is not an RFC 3339 time",
            "HEADERT-1,pay_1,PAYMENT,PAID,5,CNY,2031-05-14T08:00:00Z|line 2, status: 'PAID' is not one of",
            "HEADERT-1,pay_1,CHARGE,SUCCESS,5,CNY,2031-05-14T08:00:00Z|line 2, type: 'CHARGE' is not PAYMENT or REFUND",
            "HEADERT-1,pay_1,PAYMENT,SUCCESS,5,CNY|line 2: expected 7 fields, found 6",
            "HEADER,pay_1,PAYMENT,SUCCESS,5,CNY,2031-05-14T08:00:00Z|line 2, trade_no: is empty",
            "HEADERT-1,\"pay_1,PAYMENT,SUCCESS,5,CNY,2031-05-14T08:00:00Z|quoted field is not closed"})
    void aMalformedStatementIsRefusedWithWhereAndWhy(String csv, String expected) {
        assertThatThrownBy(() -> parse(csv.replace("HEADER", HEADER)))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining(expected);
    }

    @Test
    void aTradeListedTwiceAsAPaymentIsRefused() {
        assertThatThrownBy(() -> parse(HEADER
                + "T-1,pay_1,PAYMENT,SUCCESS,5,CNY,2031-05-14T08:00:00Z\r\n"
                + "T-1,pay_1,PAYMENT,SUCCESS,5,CNY,2031-05-14T08:00:00Z\r\n"))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("line 3, out_trade_no: pay_1 already has"
                        + " a payment line (line 2)");
    }

    @Test
    void everyProblemIsReportedNotJustTheFirst() {
        UnreadableStatement rejected = (UnreadableStatement) org.assertj.core.api.Assertions.catchThrowable(() -> parse(
                HEADER + "T-1,pay_1,PAYMENT,SUCCESS,1.5,CNY,2031-05-14T08:00:00Z\r\n"
                        + "T-2,pay_2,PAYMENT,SUCCESS,5,cny,2031-05-14T08:00:00Z\r\n"));

        assertThat(rejected.problems()).extracting(UnreadableStatement.Problem::line).containsExactly(2, 3);
    }

    @Test
    void aStatementOverTheLimitIsRefusedBeforeItIsRead() {
        byte[] large = (HEADER + "x".repeat(5000)).getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> parser.parse(large, DAY)).isInstanceOf(UnreadableStatement.class)
                .hasMessageContaining("more than the limit of 4096 bytes");
    }

    @Test
    void bytesThatAreNotUtf8AreRefused() {
        assertThatThrownBy(() -> parser.parse(new byte[] {(byte) 0xC3, (byte) 0x28}, DAY))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("not UTF-8");
    }
}
