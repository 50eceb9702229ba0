package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import javax.sql.DataSource;
import liquibase.exception.LiquibaseException;
import liquibase.integration.spring.SpringLiquibase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.jdbc.core.JdbcTemplate;

class AppliedChangelogSkipTest extends PersistenceIntegrationTest {

    private static final String MASTER = "classpath:db/changelog/db.changelog-master.xml";
    private static final String PROBE = "classpath:changelog-skip/first/master.xml";

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcTemplate jdbc;

    private final AppliedChangelogSkip skip = new AppliedChangelogSkip(new PathMatchingResourcePatternResolver(),
            Clock.systemUTC());

    @Test
    void theStartThatAppliedTheChangelogRecordedItsFingerprint() {
        assertThat(recorded(skip.fingerprint(MASTER))).isTrue();
    }

    @Test
    void aDatabaseThatAppliedThisChangelogSkipsLiquibase() {
        assertThat(nextStartRuns(MASTER)).isFalse();
    }

    @Test
    void aChangelogNotYetRecordedRunsLiquibaseAndIsRecordedOnlyAfterIt() throws Exception {
        String fingerprint = forgotten(PROBE);
        ObservedLiquibase liquibase = liquibase(PROBE);

        skip.postProcessBeforeInitialization(liquibase, "probe");
        assertThat(liquibase.willRun()).isTrue();
        assertThat(recorded(fingerprint)).isFalse();
        liquibase.afterPropertiesSet();
        skip.postProcessAfterInitialization(liquibase, "probe");

        assertThat(recorded(fingerprint)).isTrue();
        assertThat(nextStartRuns(PROBE)).isFalse();
    }

    @Test
    void aChangelogThatFailsIsNotRecordedSoTheNextStartRunsItAgain() {
        String broken = "classpath:changelog-skip/broken/master.xml";
        ObservedLiquibase liquibase = liquibase(broken);

        skip.postProcessBeforeInitialization(liquibase, "broken");
        assertThatThrownBy(liquibase::afterPropertiesSet).isInstanceOf(LiquibaseException.class);

        assertThat(recorded(skip.fingerprint(broken))).isFalse();
        assertThat(nextStartRuns(broken)).isTrue();
    }

    @Test
    void aLiquibaseToldNotToRunAtAllRecordsNothing() throws Exception {
        String fingerprint = forgotten(PROBE);
        ObservedLiquibase liquibase = liquibase(PROBE);
        System.setProperty("liquibase.shouldRun", "false");
        try {
            skip.postProcessBeforeInitialization(liquibase, "off");
            liquibase.afterPropertiesSet();
            skip.postProcessAfterInitialization(liquibase, "off");
        } finally {
            System.clearProperty("liquibase.shouldRun");
        }

        assertThat(recorded(fingerprint)).isFalse();
    }

    @Test
    void anyChangeToAChangelogFileChangesTheFingerprint() {
        assertThat(skip.fingerprint("classpath:changelog-skip/first/master.xml"))
                .isNotEqualTo(skip.fingerprint("classpath:changelog-skip/second/master.xml"))
                .isNotEqualTo(skip.fingerprint(MASTER))
                .hasSize(64);
    }

    /** The changelog's fingerprint, no longer recorded: as on a database that never applied it in full. */
    private String forgotten(String changelog) {
        String fingerprint = skip.fingerprint(changelog);
        jdbc.update("DELETE FROM schema_fingerprints WHERE fingerprint = ?", fingerprint);
        return fingerprint;
    }

    /** Whether Liquibase would run on the next start with this changelog. */
    private boolean nextStartRuns(String changelog) {
        ObservedLiquibase next = liquibase(changelog);
        skip.postProcessBeforeInitialization(next, "next");
        return next.willRun();
    }

    private ObservedLiquibase liquibase(String changelog) {
        ObservedLiquibase liquibase = new ObservedLiquibase();
        liquibase.setDataSource(dataSource);
        liquibase.setChangeLog(changelog);
        liquibase.setResourceLoader(new DefaultResourceLoader());
        return liquibase;
    }

    private boolean recorded(String fingerprint) {
        Long count = jdbc.queryForObject("SELECT COUNT(*) FROM schema_fingerprints WHERE fingerprint = ?",
                Long.class, fingerprint);
        return count != null && count > 0;
    }

    /** Liquibase's Spring bean, with whether it will run readable (it has no getter for it). */
    static final class ObservedLiquibase extends SpringLiquibase {

        boolean willRun() {
            return shouldRun;
        }
    }
}
