package dev.tristate.adapter.out.persistence.console;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.application.console.port.out.DatabaseSettings;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** Reads the durability settings from the server itself (SELECT @@...), not from a configuration file. */
public class JdbcDatabaseSettings implements DatabaseSettings {

    private final DataSource dataSource;
    private final JdbcTemplate jdbc;

    public JdbcDatabaseSettings(DataSource dataSource) {
        this.dataSource = dataSource;
        this.jdbc = new JdbcTemplate(dataSource);
    }

    @Override
    public Snapshot read() {
        return translate(() -> {
            String product = jdbc.execute((java.sql.Connection c) -> c.getMetaData().getDatabaseProductName());
            String lower = product.toLowerCase(Locale.ROOT);
            if (!lower.contains("mysql") && !lower.contains("mariadb")) {
                return new Snapshot(product, Optional.empty(), Optional.empty(), Optional.empty());
            }
            return jdbc.queryForObject("SELECT @@innodb_flush_log_at_trx_commit, @@sync_binlog, @@log_bin",
                    (rs, i) -> new Snapshot(product, Optional.of(rs.getInt(1)), Optional.of(rs.getInt(2)),
                            Optional.of(rs.getInt(3) != 0)));
        });
    }
}
