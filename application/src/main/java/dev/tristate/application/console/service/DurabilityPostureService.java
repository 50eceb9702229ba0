package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.console.port.out.DatabaseSettings.Snapshot;
import dev.tristate.application.console.port.out.DatabaseSettings;
import dev.tristate.application.shared.failure.PersistenceFailure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges the database's settings against what "committed" must mean for money: the redo log flushed to disk at every
 * commit (innodb_flush_log_at_trx_commit=1) and, where binary logging is on, the binary log too (sync_binlog=1).
 */
class DurabilityPostureService implements DurabilityPostureQuery {

    private final DatabaseSettings settings;

    DurabilityPostureService(DatabaseSettings settings) {
        this.settings = settings;
    }

    @Override
    public DurabilityPosture durabilityPosture() {
        Snapshot snapshot;
        try {
            snapshot = settings.read();
        } catch (PersistenceFailure e) {
            return new DurabilityPosture(Verdict.UNKNOWN,
                    List.of("the database settings could not be read: " + e.getMessage()), Map.of());
        }
        return judge(snapshot);
    }

    static DurabilityPosture judge(Snapshot s) {
        Map<String, String> seen = new LinkedHashMap<>();
        seen.put("database", s.product());
        s.innodbFlushLogAtTrxCommit().ifPresent(v -> seen.put("innodb_flush_log_at_trx_commit", v.toString()));
        s.syncBinlog().ifPresent(v -> seen.put("sync_binlog", v.toString()));
        s.binaryLogOn().ifPresent(v -> seen.put("log_bin", v ? "ON" : "OFF"));
        String product = s.product().toLowerCase(Locale.ROOT);
        if (product.contains("h2")) {
            return new DurabilityPosture(Verdict.AT_RISK, List.of("the embedded H2 database does not force its file"
                    + " to disk at commit: a power loss can lose the last committed payments (use MySQL/MariaDB in"
                    + " production)"), seen);
        }
        if (!product.contains("mysql") && !product.contains("mariadb")) {
            return new DurabilityPosture(Verdict.UNKNOWN, List.of("no durability rules for " + s.product()), seen);
        }
        if (s.innodbFlushLogAtTrxCommit().isEmpty()) {
            return new DurabilityPosture(Verdict.UNKNOWN, List.of("innodb_flush_log_at_trx_commit was not reported"),
                    seen);
        }
        List<String> risks = new ArrayList<>();
        int flush = s.innodbFlushLogAtTrxCommit().get();
        if (flush != 1) {
            risks.add("innodb_flush_log_at_trx_commit=" + flush + ": the redo log is not flushed to disk at every"
                    + " commit, so a power loss or OS crash can lose about a second of committed payments");
        }
        boolean binlog = s.binaryLogOn().orElse(false);
        if (binlog && s.syncBinlog().map(v -> v != 1).orElse(true)) {
            risks.add("sync_binlog=" + s.syncBinlog().map(String::valueOf).orElse("?") + " with binary logging on:"
                    + " a power loss can lose committed transactions from the binary log, so a replica or a"
                    + " point-in-time recovery can miss payments");
        }
        if (!risks.isEmpty()) {
            return new DurabilityPosture(Verdict.AT_RISK, risks, seen);
        }
        List<String> reasons = new ArrayList<>();
        reasons.add("innodb_flush_log_at_trx_commit=1: every commit is on disk before it is acknowledged");
        reasons.add(binlog ? "sync_binlog=1: the binary log is on disk at every commit too"
                : "binary logging is off, so sync_binlog does not apply");
        return new DurabilityPosture(Verdict.DURABLE, reasons, seen);
    }
}
