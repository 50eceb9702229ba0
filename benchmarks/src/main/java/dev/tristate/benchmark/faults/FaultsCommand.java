package dev.tristate.benchmark.faults;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * {@code java -jar benchmarks/target/benchmarks.jar faults [--scenarios=...] [--short]}: runs each fault scenario
 * against instances of the shipped application, each with a database and a vhost of its own; after the load it waits
 * for the system to drain, checks the invariants ({@link FaultInvariants}) and prints one table row per scenario.
 * Exits 0 when every invariant held in every scenario, 1 otherwise, 2 on bad options.
 */
public final class FaultsCommand {

    /** One row of the table. */
    record Row(String scenario, long operations, int faults, Map<String, Integer> faultKinds, int lost, int doubled,
               int stuck, int quarantined, double drainSeconds, String error, List<String> findings, String load) {

        boolean passed() {
            return error == null && lost == 0 && doubled == 0 && stuck == 0 && quarantined == 0;
        }
    }

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("MMddHHmmss");
    private static final int MAX_FINDINGS_SHOWN = 20;
    /** The entitlements consumer's queue (tristate.relay.queue's default). */
    private static final String QUEUE = "tristate.entitlements";

    private FaultsCommand() {
    }

    /** The scenario of that name. */
    static FaultScenario scenario(String name) {
        return switch (name) {
            case "kill-storm" -> new KillStormScenario();
            case "broker-outage" -> new BrokerOutageScenario();
            case "several-instances" -> new SeveralInstancesScenario();
            case "channel-storm" -> new ChannelStormScenario();
            case "rabbit-cluster" -> new ClusterLeaderKillScenario();
            case "database-faults" -> new DatabaseFaultsScenario();
            case "database-restart" -> new DatabaseRestartScenario();
            default -> throw new IllegalArgumentException("unknown scenario: " + name);
        };
    }

    public static void main(String[] args) throws Exception {
        // HikariCP and the AMQP client log through SLF4J; without a provider SLF4J would only warn that it has none.
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        if (List.of(args).contains("--help")) {
            System.out.print(FaultOptions.usage());
            return;
        }
        FaultOptions options;
        try {
            options = FaultOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + "\n\n" + FaultOptions.usage());
            System.exit(2);
            return;
        }
        say("fault suite: " + options + ", started " + Instant.now());
        Random seeds = new Random(options.seed());
        List<Row> rows = new ArrayList<>();
        for (String name : options.scenarios()) {
            Row row = runOne(options, scenario(name), new Random(seeds.nextLong()));
            rows.add(row);
            // Each scenario's row as soon as it is known: a long run stopped later keeps what it measured.
            printTable(List.of(row));
        }
        printTable(rows);
        boolean passed = rows.stream().allMatch(Row::passed);
        say(passed ? "every invariant held in every scenario" : "INVARIANTS FAILED (or a scenario failed): see above");
        System.exit(passed ? 0 : 1);
    }

    static Row runOne(FaultOptions options, FaultScenario scenario, Random random) throws Exception {
        String runId = scenario.name().replace("-", "") + LocalDateTime.now(ZoneOffset.UTC).format(STAMP)
                + HexFormat.of().formatHex(bytes(2));
        String name = "tristate_faults_" + runId;
        FaultDatabase db = new FaultDatabase(options, name);
        say("");
        say("== " + scenario.name() + ": " + scenario.description());
        say("database and vhost " + name);
        db.create();
        FaultBroker broker = options.broker().withVhost(name);
        addVhost(options, name);
        Path workDir = options.workDir().resolve(runId).toAbsolutePath();
        String masterKey = Base64.getEncoder().encodeToString(bytes(32));
        String error = null;
        FaultInvariants.Verdict verdict = null;
        double drainSeconds = Double.NaN;
        long operations = 0;
        String load = "";
        FaultContext context = new FaultContext(options, scenario.name(), db, runId, broker, masterKey, workDir,
                random);
        try {
            try {
                scenario.run(context);
            } catch (Exception e) {
                error = e.toString();
                context.say("the scenario failed: " + e);
            }
            FaultLoad driver = context.load();
            if (driver == null) {
                error = error == null ? "the scenario started no load" : error;
            } else {
                try {
                    driver.finish(Duration.ofSeconds(options.shortForm() ? 90 : 180));
                    long drainStart = System.nanoTime();
                    long deadline = drainStart + Duration.ofSeconds(options.shortForm() ? 150 : 300).toNanos();
                    while (true) {
                        verdict = FaultInvariants.check(FaultSnapshot.read(context.jdbcUrl(), options.dbUser(),
                                options.dbPassword(), driver.tenantId()), driver.created().values(),
                                driver.acknowledged().values());
                        if (verdict.drained()) {
                            // Nothing is left in the database; the broker's queue must be empty too.
                            long depth = context.queueDepth(QUEUE);
                            if (depth != 0) {
                                verdict = verdict.withStuck("queue " + QUEUE + " holds "
                                        + (depth < 0 ? "nothing: it is missing" : depth + " messages"));
                            }
                        }
                        if (verdict.drained() || System.nanoTime() > deadline) {
                            break;
                        }
                        Thread.sleep(1000);
                    }
                    drainSeconds = verdict.drained() ? (System.nanoTime() - drainStart) / 1e9 : Double.NaN;
                    operations = driver.operations();
                    load = driver.created().size() + " payments created, " + driver.acknowledged().size()
                            + " notifications acknowledged, " + driver.requests() + " requests ("
                            + driver.failedAttempts() + " unanswered, 409, 429 or 5xx and sent again, of them "
                            + driver.retryAnswers()
                            + " notifications answered retry, " + driver.duplicatesSent() + " duplicates, "
                            + driver.staleSent() + " other statuses), "
                            + driver.unfinished() + " unfinished, " + driver.refused() + " refused"
                            + (driver.firstRefusal() == null ? "" : " (first: " + driver.firstRefusal() + ")");
                    if (driver.refused() > 0 && error == null) {
                        error = driver.refused() + " requests refused: " + driver.firstRefusal();
                    }
                    context.say(load);
                    if (options.selfCheck()) {
                        String failed = selfCheck(context, driver);
                        if (failed != null) {
                            error = failed;
                        }
                    }
                } catch (Exception e) {
                    // A broken connection to the database or broker must still leave a row and a clean-up.
                    error = error == null ? "the drain or the check failed: " + e : error;
                }
            }
        } finally {
            context.close();
            if (!options.keep()) {
                db.drop();
                deleteVhost(options, name);
            }
        }
        List<String> findings = verdict == null ? List.of() : verdict.findings();
        Row row = new Row(scenario.name(), operations, context.faultCount(), context.faults(),
                verdict == null ? -1 : verdict.lost().size(), verdict == null ? -1 : verdict.doubled().size(),
                verdict == null ? -1 : verdict.stuck().size(), verdict == null ? -1 : verdict.quarantined().size(),
                drainSeconds, error, findings, load);
        context.say("faults injected: " + context.faults());
        findings.stream().limit(MAX_FINDINGS_SHOWN).forEach(f -> context.say("FINDING " + f));
        if (findings.size() > MAX_FINDINGS_SHOWN) {
            context.say("... and " + (findings.size() - MAX_FINDINGS_SHOWN) + " more findings");
        }
        if (error != null) {
            context.say("ERROR " + error);
        }
        context.say(row.passed() ? "passed" : "FAILED");
        return row;
    }

    /**
     * Damages the scenario's rows after its verdict (one acknowledged notification deleted, one grant's tokens
     * credited twice) and checks that the checker, reading the real tables, reports both; null when it does.
     */
    static String selfCheck(FaultContext context, FaultLoad driver) throws Exception {
        FaultLoad.Acknowledged victim = driver.acknowledged().values().stream().findFirst().orElse(null);
        if (victim == null) {
            return "self-check: nothing was acknowledged, so nothing could be damaged";
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(context.jdbcUrl(),
                context.options().dbUser(), context.options().dbPassword())) {
            try (java.sql.PreparedStatement delete = c.prepareStatement(
                    "DELETE FROM channel_notifications WHERE tenant_id = ? AND notify_id = ?")) {
                delete.setString(1, driver.tenantId());
                delete.setString(2, victim.notifyId());
                delete.executeUpdate();
            }
            try (java.sql.PreparedStatement ledger = c.prepareStatement("INSERT INTO token_ledger (tenant_id, user_id,"
                    + " entry_key, delta, created_at) SELECT tenant_id, user_id, CONCAT(entry_key, ':self-check'),"
                    + " delta, created_at FROM token_ledger WHERE tenant_id = ? ORDER BY id LIMIT 1");
                 java.sql.PreparedStatement balance = c.prepareStatement("UPDATE token_balances b JOIN (SELECT user_id,"
                         + " SUM(delta) AS total FROM token_ledger WHERE tenant_id = ? GROUP BY user_id) l"
                         + " ON b.user_id = l.user_id SET b.balance = l.total WHERE b.tenant_id = ?")) {
                ledger.setString(1, driver.tenantId());
                ledger.executeUpdate();
                balance.setString(1, driver.tenantId());
                balance.setString(2, driver.tenantId());
                balance.executeUpdate();
            }
        }
        FaultInvariants.Verdict damaged = FaultInvariants.check(FaultSnapshot.read(context.jdbcUrl(),
                context.options().dbUser(), context.options().dbPassword(), driver.tenantId()),
                driver.created().values(), driver.acknowledged().values());
        boolean foundLoss = damaged.lost().stream().anyMatch(f -> f.contains(victim.notifyId()));
        boolean foundDouble = damaged.doubled().stream().anyMatch(f -> f.contains("tokens for payments worth"));
        context.say("self-check: deleted notification " + victim.notifyId() + " and credited one grant twice;"
                + " the checker reports " + damaged.lost().size() + " lost and " + damaged.doubled().size()
                + " doubled: " + (foundLoss && foundDouble ? "both found" : "NOT FOUND"));
        return foundLoss && foundDouble ? null : "self-check: the checker missed the damage it was shown";
    }

    static void printTable(List<Row> rows) {
        say("");
        say("| scenario | operations | faults injected | acknowledged but lost | doubled | stuck after drain"
                + " | quarantined | time to drain | result |");
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
        for (Row r : rows) {
            say("| " + r.scenario() + " | " + r.operations() + " | " + r.faults() + " " + r.faultKinds() + " | "
                    + count(r.lost()) + " | " + count(r.doubled()) + " | " + count(r.stuck()) + " | "
                    + count(r.quarantined()) + " | " + (Double.isNaN(r.drainSeconds()) ? "not drained"
                    : String.format(Locale.ROOT, "%.1f s", r.drainSeconds())) + " | "
                    + (r.passed() ? "passed" : r.error() != null ? "error" : "FAILED") + " |");
        }
    }

    private static String count(int n) {
        return n < 0 ? "n/a" : Integer.toString(n);
    }

    private static void addVhost(FaultOptions options, String vhost) throws Exception {
        FaultShell.check(List.of(options.rabbitmqctl(), "-q", "add_vhost", vhost), Map.of(), Duration.ofSeconds(60));
        FaultShell.check(List.of(options.rabbitmqctl(), "-q", "set_permissions", "-p", vhost,
                options.broker().user(), ".*", ".*", ".*"), Map.of(), Duration.ofSeconds(60));
    }

    private static void deleteVhost(FaultOptions options, String vhost) {
        try {
            FaultShell.run(List.of(options.rabbitmqctl(), "-q", "delete_vhost", vhost), Map.of(),
                    Duration.ofSeconds(60));
        } catch (Exception e) {
            say("could not delete vhost " + vhost + ": " + e);
        }
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new SecureRandom().nextBytes(b);
        return b;
    }

    static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
