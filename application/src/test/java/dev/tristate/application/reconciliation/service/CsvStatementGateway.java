package dev.tristate.application.reconciliation.service;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A channel whose bill is the plain CSV of {@link ReconciliationTestBed#HEADER}: enough for the reconciliation's own
 * rules to be tested without a real channel's format (each adapter tests its own parser).
 */
final class CsvStatementGateway implements ChannelGateway {

    /** The bill a fetch answers, or the failure it throws. */
    interface Bills {
        byte[] fetch(LocalDate day, String account);
    }

    private final String channel;
    private final Bills bills;

    CsvStatementGateway(String channel, Bills bills) {
        this.channel = channel;
        this.bills = bills;
    }

    CsvStatementGateway(String channel) {
        this(channel, (day, account) -> {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "no statement download in this test", null);
        });
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public ChannelStatement fetchStatement(LocalDate day, String merchantAccount, long maxBytes) {
        byte[] file = bills.fetch(day, merchantAccount);
        return ChannelStatement.of(parseStatement(file, day, maxBytes), file);
    }

    @Override
    public List<StatementLine> parseStatement(byte[] file, LocalDate day, long maxBytes) {
        String[] rows = new String(file, StandardCharsets.UTF_8).split("\r?\n");
        if (!(rows[0] + "\r\n").equals(ReconciliationTestBed.HEADER)) {
            throw UnreadableStatement.of(1, null, "not the test header");
        }
        List<StatementLine> lines = new ArrayList<>();
        for (int i = 1; i < rows.length; i++) {
            String[] f = rows[i].split(",", -1);
            try {
                lines.add(new StatementLine(i + 1, f[0], f[1], StatementEntryType.valueOf(f[2]), f[3],
                        Money.of(Long.parseLong(f[4]), f[5]), Instant.parse(f[6])));
            } catch (RuntimeException e) {
                throw UnreadableStatement.of(i + 1, null, String.valueOf(e.getMessage()));
            }
        }
        return lines;
    }
}
