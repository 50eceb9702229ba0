package dev.tristate.adapter.out.channel.stripe;

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

/** Stripe's itemized balance change report, as an operator uploads it. */
class StripeStatementCsvTest {

    private static final LocalDate DAY = LocalDate.parse("2031-07-01");
    private static final String HEADER = "balance_transaction_id,created_utc,available_on_utc,currency,gross,fee,net,"
            + "reporting_category,source_id,description,payment_intent_id,payment_metadata[out_trade_no]\r\n";

    @Test
    void readsChargesAndRefundsAndLeavesOtherCategoriesAndOtherIntegrationsOut() {
        String csv = HEADER
                + "txn_1,2031-07-01 09:00:00,2031-07-03 00:00:00,usd,19.99,0.88,19.11,charge,ch_1,Java 101,pi_1,"
                + "pay_a\r\n"
                + "txn_2,2031-07-01 10:30:00,2031-07-03 00:00:00,usd,-2.50,0.00,-2.50,refund,re_1,,pi_1,pay_a\r\n"
                + "txn_3,2031-07-01 11:00:00,2031-07-03 00:00:00,jpy,1500,45,1455,charge,ch_2,\"Plan, yearly\",pi_2,"
                + "pay_b\r\n"
                + "txn_4,2031-07-01 12:00:00,2031-07-03 00:00:00,usd,-100.00,0.00,-100.00,payout,po_1,,,\r\n"
                + "txn_5,2031-07-01 13:00:00,2031-07-03 00:00:00,usd,5.00,0.45,4.55,charge,ch_3,other shop,pi_3,\r\n";

        List<StatementLine> lines = parse(csv, 1_000_000);

        assertThat(lines).containsExactly(
                new StatementLine(2, "pi_1", "pay_a", StatementEntryType.PAYMENT, "SUCCESS", Money.of(1999, "USD"),
                        Instant.parse("2031-07-01T09:00:00Z")),
                new StatementLine(3, "re_1", "pay_a", StatementEntryType.REFUND, "SUCCESS", Money.of(250, "USD"),
                        Instant.parse("2031-07-01T10:30:00Z")),
                new StatementLine(4, "pi_2", "pay_b", StatementEntryType.PAYMENT, "SUCCESS", Money.of(1500, "JPY"),
                        Instant.parse("2031-07-01T11:00:00Z")));
    }

    @Test
    void aFileWithoutTheColumnsIsRefusedNamingThem() {
        assertThatThrownBy(() -> parse("id,Type,Amount\r\ntxn_1,charge,19.99\r\n", 1_000_000))
                .isInstanceOfSatisfying(UnreadableStatement.class, unreadable -> assertThat(unreadable.problems())
                        .singleElement().satisfies(problem -> {
                            assertThat(problem.line()).isEqualTo(1);
                            assertThat(problem.message()).contains("payment_metadata[out_trade_no]", "gross");
                        }));
    }

    @Test
    void everyBadLineIsNamedAndNothingIsRead() {
        String csv = HEADER
                + "txn_1,2031-06-30 23:59:59,,usd,19.99,,,charge,ch_1,,pi_1,pay_a\r\n"
                + "txn_2,2031-07-01 09:00:00,,usd,19.999,,,charge,ch_2,,pi_2,pay_b\r\n"
                + "txn_3,yesterday,,usd,1.00,,,charge,ch_3,,pi_3,pay_c\r\n"
                + "txn_4,2031-07-01 09:00:00,,isk,100,,,charge,ch_4,,pi_4,pay_d\r\n"
                + "txn_5,2031-07-01 09:00:00,,usd,1.00,,,charge,ch_5,,pi_5,pay_e\r\n"
                + "txn_6,2031-07-01 09:00:00,,usd,1.00,,,charge,ch_6,,pi_6,pay_e\r\n"
                + "txn_7,2031-07-01 09:00:00,,usd,1.00,,,charge\r\n";

        assertThatThrownBy(() -> parse(csv, 1_000_000)).isInstanceOfSatisfying(UnreadableStatement.class,
                unreadable -> assertThat(unreadable.problems()).extracting(UnreadableStatement.Problem::line)
                        .containsExactly(2, 3, 4, 5, 7, 8));
    }

    @Test
    void aFileOverTheLimitOrNotUtf8IsRefusedWhole() {
        assertThatThrownBy(() -> parse(HEADER, 10)).isInstanceOf(UnreadableStatement.class)
                .hasMessageContaining("more than the limit of 10 bytes");
        assertThatThrownBy(() -> StripeStatementCsv.parse(new byte[] {(byte) 0xC3, (byte) 0x28}, DAY, 100))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("UTF-8");
    }

    private static List<StatementLine> parse(String csv, long maxBytes) {
        return StripeStatementCsv.parse(csv.getBytes(StandardCharsets.UTF_8), DAY, maxBytes);
    }
}
