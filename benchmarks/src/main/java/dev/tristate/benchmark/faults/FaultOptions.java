package dev.tristate.benchmark.faults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fault command's options. Each scenario gets a database and a vhost of its own on the servers named here, created
 * and dropped by the command; the broker scenarios start a RabbitMQ node of their own instead of using this one.
 */
public record FaultOptions(List<String> scenarios, boolean shortForm, String serverUrl, String dbUser,
                           String dbPassword, FaultBroker broker, String rabbitmqctl, Path appJar, String appHeap,
                           Path workDir, long seed, boolean keep, boolean selfCheck) {

    public static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar faults [--option=value ...]   (from the project root)

              --scenarios=kill-storm,broker-outage   which scenarios, in this order (default: all of them:
                                                     %s)
              --short                                the CI's form: kill-storm and broker-outage, scaled down to
                                                     finish together in under 5 minutes (unless --scenarios)
              --server-url=jdbc:mysql://127.0.0.1:3306   MySQL/MariaDB server; one database per scenario
              --db-user=root --db-password=
              --rabbit-host=127.0.0.1 --rabbit-port=5672 --rabbit-user=guest --rabbit-password=guest
                                                     the broker of the scenarios that do not start their own
              --rabbitmqctl=rabbitmqctl              the CLI that adds and deletes vhosts on that broker
              --app-jar=bootstrap/target/tristate.jar   the application as shipped (mvn package builds it)
              --app-heap=256m                        each instance's -Xmx
              --work-dir=target/faults               logs of the instances and of the broker nodes
              --seed=<random>                        the random moments of the faults (printed, to re-run a run)
              --keep                                 keep the databases and vhosts afterwards, to look at them
              --self-check                           after each verdict, delete an acknowledged notification and
                                                     credit a grant twice in the scenario's database, and fail
                                                     unless the checker reports both (proves the checker reads
                                                     the real tables)
            """;

    /** The scenarios in the order of a full run. */
    public static final List<String> ALL = List.of("kill-storm", "broker-outage", "several-instances",
            "channel-storm", "rabbit-cluster", "database-faults", "database-restart");

    /** The short form's scenarios. */
    public static final List<String> SHORT = List.of("kill-storm", "broker-outage");

    public static FaultOptions parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("scenarios", "");
        values.put("server-url", "jdbc:mysql://127.0.0.1:3306");
        values.put("db-user", "root");
        values.put("db-password", "");
        values.put("rabbit-host", "127.0.0.1");
        values.put("rabbit-port", "5672");
        values.put("rabbit-user", "guest");
        values.put("rabbit-password", "guest");
        values.put("rabbitmqctl", "rabbitmqctl");
        values.put("app-jar", "bootstrap/target/tristate.jar");
        values.put("app-heap", "256m");
        values.put("work-dir", "target/faults");
        values.put("seed", Long.toString(new java.security.SecureRandom().nextLong() & Long.MAX_VALUE));
        boolean shortForm = false;
        boolean keep = false;
        boolean selfCheck = false;
        for (String arg : args) {
            if (arg.equals("--short")) {
                shortForm = true;
                continue;
            }
            if (arg.equals("--self-check")) {
                selfCheck = true;
                continue;
            }
            if (arg.equals("--keep")) {
                keep = true;
                continue;
            }
            int eq = arg.indexOf('=');
            String name = arg.startsWith("--") && eq > 2 ? arg.substring(2, eq) : null;
            if (name == null || !values.containsKey(name)) {
                throw new IllegalArgumentException("unknown option: " + arg);
            }
            values.put(name, arg.substring(eq + 1));
        }
        List<String> scenarios = new ArrayList<>();
        String named = values.get("scenarios").trim();
        if (named.isEmpty()) {
            scenarios.addAll(shortForm ? SHORT : ALL);
        } else {
            for (String s : named.split(",")) {
                String scenario = s.trim();
                if (!ALL.contains(scenario)) {
                    throw new IllegalArgumentException("unknown scenario: " + scenario + " (known: "
                            + String.join(", ", ALL) + ")");
                }
                scenarios.add(scenario);
            }
        }
        String heap = values.get("app-heap").trim();
        if (!heap.matches("\\d+[kKmMgG]?")) {
            throw new IllegalArgumentException("--app-heap takes a size such as 256m");
        }
        int rabbitPort;
        long seed;
        try {
            rabbitPort = Integer.parseInt(values.get("rabbit-port"));
            seed = Long.parseLong(values.get("seed"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--rabbit-port and --seed take whole numbers");
        }
        FaultBroker broker = new FaultBroker(values.get("rabbit-host"), rabbitPort, values.get("rabbit-user"),
                values.get("rabbit-password"), "/");
        return new FaultOptions(List.copyOf(scenarios), shortForm, stripSlash(values.get("server-url")),
                values.get("db-user"), values.get("db-password"), broker, values.get("rabbitmqctl"),
                Path.of(values.get("app-jar")), heap, Path.of(values.get("work-dir")), seed, keep, selfCheck);
    }

    static String usage() {
        return USAGE.formatted(String.join(", ", ALL));
    }

    private static String stripSlash(String url) {
        String u = url.trim();
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u;
    }

    /** The JDBC URL of one database on the server (the server URL's query string kept). */
    public String jdbcUrl(String database) {
        int q = serverUrl.indexOf('?');
        return q < 0 ? serverUrl + "/" + database : serverUrl.substring(0, q) + "/" + database + serverUrl.substring(q);
    }

    /** The same options on another database server, with the same user and password. */
    public FaultOptions withServerUrl(String otherServerUrl) {
        return new FaultOptions(scenarios, shortForm, stripSlash(otherServerUrl), dbUser, dbPassword, broker,
                rabbitmqctl, appJar, appHeap, workDir, seed, keep, selfCheck);
    }

    /** The server itself, for CREATE and DROP DATABASE. */
    public String serverOnlyUrl() {
        return jdbcUrl("");
    }

    @Override
    public String toString() {
        return "scenarios=" + scenarios + (shortForm ? " short" : "") + (selfCheck ? " self-check" : "")
                + " seed=" + seed + " heap=" + appHeap
                + " app=" + appJar;
    }
}
