package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatementCsvTest {

    @Test
    void fieldsAreQuotedOnlyWhenTheyHoldACommaAQuoteOrALineBreak() {
        assertThat(StatementCsv.field("plain")).isEqualTo("plain");
        assertThat(StatementCsv.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(StatementCsv.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(StatementCsv.field("two\r\nlines")).isEqualTo("\"two\r\nlines\"");
        assertThat(StatementCsv.field(null)).isEmpty();
    }

    @Test
    void rowsFollowTheHeaderWithCrLfLineEnds() {
        String csv = StatementCsv.render(List.of(new StatementRow("SBX1", "pay,1", EntryType.REFUND, "SUCCESS", 5,
                "CNY", Instant.parse("2030-01-02T03:04:05.006Z"))));

        assertThat(csv).isEqualTo("trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n"
                + "SBX1,\"pay,1\",REFUND,SUCCESS,5,CNY,2030-01-02T03:04:05.006Z\r\n");
    }
}
