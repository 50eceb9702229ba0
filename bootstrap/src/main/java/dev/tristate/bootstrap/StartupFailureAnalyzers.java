package dev.tristate.bootstrap;

import dev.tristate.adapter.out.persistence.tenant.MasterKeyRejected;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.env.Environment;

/**
 * Start-up failures told in one line that names the setting or the URL, instead of at the bottom of a stack trace
 * (registered in META-INF/spring.factories; Spring Boot prints the analysis and leaves the trace out).
 */
public final class StartupFailureAnalyzers {

    private StartupFailureAnalyzers() {
    }

    /** The prod profile's required settings are missing. */
    public static final class MissingSettingsAnalyzer
            extends AbstractFailureAnalyzer<ProductionSettingsCheck.MissingSettings> {

        @Override
        protected FailureAnalysis analyze(Throwable root, ProductionSettingsCheck.MissingSettings cause) {
            return new FailureAnalysis("The prod profile needs these settings, which are missing: "
                    + String.join(", ", cause.missing()) + ".",
                    "Set them as properties or environment variables (e.g. SPRING_DATASOURCE_URL,"
                            + " SPRING_RABBITMQ_HOST, TRISTATE_SECURITY_MASTER_KEY); see README.md.", cause);
        }
    }

    /** The master key is not set, not base64, or not 32 bytes. */
    public static final class MasterKeyAnalyzer extends AbstractFailureAnalyzer<MasterKeyRejected> {

        @Override
        protected FailureAnalysis analyze(Throwable root, MasterKeyRejected cause) {
            return new FailureAnalysis(cause.getMessage() + ".",
                    "Set tristate.security.master-key (TRISTATE_SECURITY_MASTER_KEY) to the base64 of 32 random"
                            + " bytes, the same key every instance has and the stored secrets were encrypted with.",
                    cause);
        }
    }

    /** The database cannot be reached at start-up (the prod profile's pool fails at once rather than later). */
    public static final class DatabaseUnreachableAnalyzer extends AbstractFailureAnalyzer<SQLException> {

        private final Environment environment;

        public DatabaseUnreachableAnalyzer(Environment environment) {
            this.environment = environment;
        }

        @Override
        protected FailureAnalysis analyze(Throwable root, SQLException cause) {
            boolean connection = cause.getSQLState() != null && cause.getSQLState().startsWith("08")
                    || findCause(root, ConnectException.class) != null
                    || findCause(root, UnknownHostException.class) != null;
            if (!connection) {
                return null;
            }
            return new FailureAnalysis("Cannot reach the database at " + url() + " (spring.datasource.url): "
                    + firstLine(cause.getMessage()),
                    "Check that the database server is up and reachable from here, and spring.datasource.url,"
                            + " spring.datasource.username and spring.datasource.password.", cause);
        }

        /** The URL without its parameters, which may carry a password. */
        private String url() {
            String url = environment.getProperty("spring.datasource.url", "(not set)");
            int parameters = url.indexOf('?');
            return parameters < 0 ? url : url.substring(0, parameters);
        }

        private static String firstLine(String message) {
            if (message == null) {
                return "no answer";
            }
            int newline = message.indexOf('\n');
            return newline < 0 ? message : message.substring(0, newline);
        }
    }
}
