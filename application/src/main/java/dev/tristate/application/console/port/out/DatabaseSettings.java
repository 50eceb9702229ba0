package dev.tristate.application.console.port.out;

import java.util.Optional;

/** Reads the database's durability settings as the server reports them. */
public interface DatabaseSettings {

    /**
     * What the server says: product name and, for MySQL/MariaDB, innodb_flush_log_at_trx_commit, sync_binlog and
     * whether binary logging is on. A value the server does not report is empty.
     */
    Snapshot read();

    record Snapshot(String product, Optional<Integer> innodbFlushLogAtTrxCommit, Optional<Integer> syncBinlog,
                    Optional<Boolean> binaryLogOn) {
    }
}
