package dev.tristate.application.reconciliation.service;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.reconciliation.StatementLine;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The statement of a run: the uploaded file, or the one fetched from the channel with the tenant's account there,
 * read as a whole ({@link StatementRejected} before anything is stored).
 */
public final class StatementReader {

    /** A statement read: its lines, the file's name (null when fetched) and its SHA-256, as the run records them. */
    public record Statement(List<StatementLine> lines, String fileName, String sha256) {
        public Statement {
            lines = List.copyOf(lines);
        }
    }

    private final Map<String, ChannelGateway> gateways;
    private final ChannelCredentialStore credentials;
    private final StatementParser parser;

    public StatementReader(List<ChannelGateway> gateways, ChannelCredentialStore credentials,
                           ReconciliationSettings settings) {
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        gateways.forEach(g -> byChannel.put(g.channel(), g));
        this.gateways = Map.copyOf(byChannel);
        this.credentials = credentials;
        this.parser = new StatementParser(settings.maxStatementBytes());
    }

    Statement read(StartReconciliationCommand command) {
        byte[] content;
        String fileName;
        if (command.source() instanceof StatementSource.Upload upload) {
            content = upload.content();
            fileName = upload.fileName();
        } else {
            content = fetch(command);
            fileName = null;
        }
        return new Statement(parser.parse(content, command.day()), fileName, sha256(content));
    }

    private byte[] fetch(StartReconciliationCommand command) {
        ChannelGateway gateway = gateways.get(command.channel());
        if (gateway == null) {
            throw new StatementUnavailable("no gateway for channel " + command.channel()
                    + ": upload its statement instead", null);
        }
        String account = credentials.accountOf(command.tenantId(), command.channel()).orElseThrow(() ->
                new StatementUnavailable("tenant " + command.tenantId() + " has no account at channel "
                        + command.channel(), null));
        try {
            return gateway.fetchStatement(command.day(), account);
        } catch (ChannelFailure failure) {
            throw new StatementUnavailable("the channel " + command.channel() + " did not give its statement of "
                    + command.day() + " (" + failure.outcomeClass() + "): " + failure.getMessage(), failure);
        }
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
