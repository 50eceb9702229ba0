package dev.tristate.application.reconciliation.service;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The statement of a run: the uploaded file, or the bill fetched from the channel with the tenant's account there.
 * Either is read by the channel's own adapter, which knows the channel's bill format, as a whole
 * ({@link StatementRejected} before anything is stored).
 */
final class StatementReader {

    /**
     * A statement read: its lines, the file's name (null when fetched), its SHA-256, as the run records them, and the
     * zone in which the channel cuts its days.
     */
    public record Statement(List<StatementLine> lines, String fileName, String sha256, ZoneId zone) {
        public Statement {
            lines = List.copyOf(lines);
        }
    }

    private final Map<String, ChannelGateway> gateways;
    private final ChannelCredentialStore credentials;
    private final long maxStatementBytes;

    StatementReader(List<ChannelGateway> gateways, ChannelCredentialStore credentials,
                    ReconciliationSettings settings) {
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        gateways.forEach(g -> byChannel.put(g.channel(), g));
        this.gateways = Map.copyOf(byChannel);
        this.credentials = credentials;
        this.maxStatementBytes = settings.maxStatementBytes();
    }

    Statement read(StartReconciliationCommand command) {
        ChannelGateway gateway = gateways.get(command.channel());
        if (gateway == null) {
            throw new StatementUnavailable("no gateway for channel " + command.channel()
                    + ": this instance cannot read its statements", null);
        }
        try {
            if (command.source() instanceof StatementSource.Upload upload) {
                List<StatementLine> lines = gateway.parseStatement(upload.content(), command.day(),
                        maxStatementBytes);
                return new Statement(lines, upload.fileName(), ChannelStatement.sha256(upload.content()),
                        gateway.statementZone());
            }
            ChannelStatement fetched = fetch(gateway, command);
            return new Statement(fetched.lines(), null, fetched.sha256(), gateway.statementZone());
        } catch (UnreadableStatement e) {
            throw new StatementRejected(e.problems().stream()
                    .map(p -> new StatementRejected.Problem(p.line(), p.column(), p.message())).toList());
        }
    }

    private ChannelStatement fetch(ChannelGateway gateway, StartReconciliationCommand command) {
        String account = credentials.accountOf(command.tenantId(), command.channel()).orElseThrow(() ->
                new StatementUnavailable("tenant " + command.tenantId() + " has no account at channel "
                        + command.channel(), null));
        try {
            return gateway.fetchStatement(command.day(), account, maxStatementBytes);
        } catch (ChannelFailure failure) {
            throw new StatementUnavailable("the channel " + command.channel() + " did not give its statement of "
                    + command.day() + " (" + failure.outcomeClass() + "): " + failure.getMessage(), failure);
        }
    }
}
