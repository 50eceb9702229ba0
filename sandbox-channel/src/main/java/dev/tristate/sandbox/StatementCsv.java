package dev.tristate.sandbox;

import java.util.List;

/** A channel statement as RFC 4180 CSV: CRLF line ends, fields quoted only when they must be. */
final class StatementCsv {

    static final String HEADER = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time";
    private static final String CRLF = "\r\n";

    private StatementCsv() {
    }

    static String render(List<StatementRow> rows) {
        StringBuilder csv = new StringBuilder(HEADER).append(CRLF);
        for (StatementRow row : rows) {
            csv.append(field(row.tradeNo())).append(',')
                    .append(field(row.outTradeNo())).append(',')
                    .append(field(row.type().name())).append(',')
                    .append(field(row.status())).append(',')
                    .append(row.amountMinor()).append(',')
                    .append(field(row.currency())).append(',')
                    .append(field(EventTimes.format(row.eventTime()))).append(CRLF);
        }
        return csv.toString();
    }

    static String field(String value) {
        if (value == null) {
            return "";
        }
        boolean mustQuote = value.indexOf(',') >= 0 || value.indexOf('"') >= 0
                || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0;
        return mustQuote ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
}
