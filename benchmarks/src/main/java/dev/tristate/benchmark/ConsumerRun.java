package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.random;
import static dev.tristate.benchmark.Report.say;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the consumer benchmark's phases share within one run: its id and master key (every application start and
 * every tenant's secret use the same one), the tenants it provisions, starting the application, and the checks,
 * whose failures make the command exit 1.
 */
final class ConsumerRun {

    private final Settings settings;
    private final Database database;
    private final ConsumerRows rows;
    private final String id = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
            + "-" + UUID.randomUUID().toString().substring(0, 6);
    private final String masterKey = Base64.getEncoder().encodeToString(random(32));
    private final List<String> failures = new ArrayList<>();
    private final Map<String, String> secrets = new HashMap<>();
    private int tenants;

    ConsumerRun(Settings settings, Database database, ConsumerRows rows) {
        this.settings = settings;
        this.database = database;
        this.rows = rows;
    }

    /** The run's id, as printed; every tenant id of the run holds it. */
    String id() {
        return id;
    }

    /** What did not hold so far; empty when every check passed. */
    List<String> failures() {
        return Collections.unmodifiableList(failures);
    }

    ApplicationProcess start(EntitlementsQueue broker, Path workDir, String name, List<String> args)
            throws Exception {
        broker.purgeBeforeStart();
        long t0 = System.nanoTime();
        ApplicationProcess app = ApplicationProcess.start(settings, masterKey, workDir.resolve(name), args);
        say(String.format(Locale.ROOT, "application %s %s healthy on port %d after %.1f s (log %s)", name, args,
                app.port(), (System.nanoTime() - t0) / 1e9, app.log()));
        database.requireCallbackSchema();
        rows.requireTables("entitlements", "consumer_inbox", "consumer_deliveries");
        return app;
    }

    /** A tenant of its own per phase, with a sandbox account "m-" + tenant id and a fresh signing secret. */
    String newTenant(String label) throws SQLException {
        String tenant = Database.TENANT_PREFIX + id + "-" + label + "-" + (++tenants);
        String secret = "bench-secret-" + HexFormat.of().formatHex(random(16));
        database.provisionTenant(tenant, "m-" + tenant, secret, masterKey);
        secrets.put(tenant, secret);
        return tenant;
    }

    /** The signing secret of a tenant from {@link #newTenant}. */
    String secret(String tenant) {
        return secrets.get(tenant);
    }

    /** Waits until the tenant has {@code expected} entitlements; false when they stop coming or the app died. */
    boolean awaitEntitlements(String tenant, int expected, ApplicationProcess app, EntitlementsQueue broker,
                              AtomicInteger maxConsumers) throws Exception {
        long last = -1;
        long lastMove = System.nanoTime();
        while (true) {
            long n = database.count("SELECT COUNT(*) FROM entitlements WHERE tenant_id = ?", tenant);
            if (broker != null && maxConsumers != null) {
                maxConsumers.accumulateAndGet(broker.consumers(), Math::max);
            }
            if (n >= expected) {
                return true;
            }
            if (!app.isAlive()) {
                say("  the application died with " + n + " of " + expected + " entitlements");
                return false;
            }
            if (n != last) {
                last = n;
                lastMove = System.nanoTime();
            } else if (System.nanoTime() - lastMove > TimeUnit.SECONDS.toNanos(60)) {
                say("  no new entitlement for 60 s: " + n + " of " + expected);
                return false;
            }
            Thread.sleep(200);
        }
    }

    // ---------------------------------------------------------------- checks, with plain JDBC

    /** {@link ConsumerRows#check}, printed, and a failure of the run when it does not hold. */
    void checkTenant(String phase, String tenant, long expected, String status) throws SQLException {
        String mismatch = rows.check(phase, tenant, expected, status);
        if (mismatch != null) {
            fail(mismatch);
        }
    }

    void fail(String what) {
        failures.add(what);
    }

    /**
     * A phase that could not finish (the broker or the database went away, say, on a shared machine) is a failed
     * check; the next phase starts its own application, and the broker client reconnects by itself.
     */
    void phaseFailed(String phase, Exception e) {
        say("  " + phase + " FAILED: " + e);
        fail(phase + ": did not finish: " + e);
    }
}
