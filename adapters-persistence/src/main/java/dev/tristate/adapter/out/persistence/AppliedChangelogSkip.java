package dev.tristate.adapter.out.persistence;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import liquibase.integration.commandline.LiquibaseCommandLineConfiguration;
import liquibase.integration.spring.SpringLiquibase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Skips Liquibase at start-up when the database has already applied this exact changelog.
 *
 * <p>Reading the changelog and comparing it with {@code DATABASECHANGELOG} takes over a second of every start and, on
 * an up-to-date database, finds nothing to do. The fingerprint is the SHA-256 of every file under the master
 * changelog's folder (names and bytes), recorded in {@code schema_fingerprints} only after Liquibase has applied them
 * all. Any change to any changelog file, or a database that never recorded this fingerprint (a new one, or one that
 * an older release migrated), runs Liquibase as usual, with its lock and its checksum validation.
 */
public final class AppliedChangelogSkip implements BeanPostProcessor {

    private static final Logger log = LoggerFactory.getLogger(AppliedChangelogSkip.class);

    private final ResourcePatternResolver resources;
    private final Clock clock;
    private final Map<String, String> toRecord = new ConcurrentHashMap<>();

    public AppliedChangelogSkip(ResourcePatternResolver resources, Clock clock) {
        this.resources = resources;
        this.clock = clock;
    }

    @Override
    public Object postProcessBeforeInitialization(Object bean, String beanName) {
        if (bean instanceof SpringLiquibase liquibase && liquibase.getDataSource() != null) {
            String fingerprint = fingerprint(liquibase.getChangeLog());
            if (recorded(liquibase.getDataSource(), fingerprint)) {
                liquibase.setShouldRun(false);
                log.info("Schema up to date: changelog {} already applied in full (fingerprint {}), Liquibase skipped",
                        liquibase.getChangeLog(), fingerprint.substring(0, 12));
            } else {
                toRecord.put(beanName, fingerprint);
            }
        }
        return bean;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        String fingerprint = toRecord.remove(beanName);
        // Liquibase told not to run at all (liquibase.shouldRun=false) applied nothing: recording it would skip the
        // changelog for good once it may run again.
        if (fingerprint != null && bean instanceof SpringLiquibase liquibase
                && LiquibaseCommandLineConfiguration.SHOULD_RUN.getCurrentValue()) {
            record(liquibase.getDataSource(), fingerprint);
        }
        return bean;
    }

    /** The SHA-256, in hex, of the names and contents of every file in the master changelog's folder and below. */
    public String fingerprint(String masterChangelog) {
        String location = masterChangelog.replaceFirst("^classpath\\*?:", "");
        String folder = location.contains("/") ? location.substring(0, location.lastIndexOf('/') + 1) : "";
        try {
            Resource[] files = resources.getResources("classpath*:" + folder + "**/*");
            Arrays.sort(files, Comparator.comparing(file -> nameInFolder(file, folder)));
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Resource file : files) {
                if (!file.isReadable()) {
                    continue; // a folder
                }
                digest.update(nameInFolder(file, folder).getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                try (InputStream in = file.getInputStream()) {
                    digest.update(in.readAllBytes());
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the changelog under " + folder, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The name below the folder, the same whether the changelog is read from a jar or from a directory. */
    private static String nameInFolder(Resource file, String folder) {
        try {
            String url = file.getURL().toString();
            int at = url.lastIndexOf(folder);
            return at < 0 ? url : url.substring(at + folder.length());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean recorded(DataSource dataSource, String fingerprint) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(
                        "SELECT COUNT(*) FROM schema_fingerprints WHERE fingerprint = ?")) {
            select.setString(1, fingerprint);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() && rows.getLong(1) > 0;
            }
        } catch (SQLException noTableYet) {
            // A new database, or one that no release with this check has migrated: Liquibase decides.
            return false;
        }
    }

    private void record(DataSource dataSource, String fingerprint) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO schema_fingerprints (fingerprint, recorded_at) SELECT ?, ? FROM (SELECT 1 AS one)"
                                + " AS source WHERE NOT EXISTS (SELECT 1 FROM schema_fingerprints WHERE fingerprint = ?)")) {
            insert.setString(1, fingerprint);
            insert.setTimestamp(2, Timestamp.from(clock.instant()));
            insert.setString(3, fingerprint);
            insert.executeUpdate();
            if (!connection.getAutoCommit()) {
                connection.commit();
            }
        } catch (SQLIntegrityConstraintViolationException recordedMeanwhile) {
            // Another instance applied the same changelog and recorded it first.
        } catch (SQLException e) {
            // Only the next start pays for it: it runs Liquibase again and finds nothing to do.
            log.warn("Could not record the applied changelog's fingerprint: {}", e.getMessage());
        }
    }
}
