package dev.tristate.benchmark;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/** The command line: {@code --name=value} options, each with a default that runs against a local MariaDB. */
public record Settings(String serverUrl, String database, String dbUser, String dbPassword, boolean dropDatabase,
                String rabbitHost, int rabbitPort, String rabbitUser, String rabbitPassword, String rabbitVhost,
                Path appJar, List<String> appJvmArgs, String appHeap, int callbackPoolSize, List<Integer> concurrency,
                int count,
                int warmup, int initialWarmup, int maxWarmup, int retries, int trials, String channel) {

    static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar [--option=value ...]   (from the project root)

              --server-url=jdbc:mysql://127.0.0.1:3306   MySQL/MariaDB server (no database; ?params are kept)
              --database=tristate_bench                  created if missing (utf8mb4, utf8mb4_bin)
              --drop-database=false                      drop and re-create it first (reproducible table sizes)
              --db-user=root --db-password=
              --rabbit-host=127.0.0.1 --rabbit-port=5672 --rabbit-user=guest --rabbit-password=guest
              --rabbit-vhost=/
              --app-jar=bootstrap/target/tristate.jar    the application as shipped (mvn package builds it)
              --app-jvm-args=                            extra JVM options for the application, space-separated
              --app-heap=256m                            the application's -Xmx (empty: the JVM's default; an
                                                         -Xmx in --app-jvm-args wins)
              --channel=sandbox                          the callbacks' channel and format: sandbox (signed JSON)
                                                         or wechat (WeChat Pay v3: RSA-signed, AES-GCM-sealed)
              --callback-pool-size=5                     the application's callback pool, and the baseline's pool
              --concurrency=1,8,32                       client concurrency levels
              --count=1500                               measured callbacks per level and path
              --warmup=300                               unmeasured callbacks per level and path, before measuring
                                                         (again, up to ten times, while the application's JIT
                                                         compiler took more than 5% of its CPU)
              --initial-warmup=10000                     unmeasured callbacks per path at concurrency 8, once
              --max-warmup=60000                         then more rounds of 5000 while the application's JIT
                                                         compiler took more than 5% of its CPU in the last
                                                         round, up to this many in all
              --retries=2                                measure a cell again when other processes took more
                                                         than 10% of the machine during it (shared machines)
              --trials=3                                 measured cells per level and path, HTTP and JDBC
                                                         alternating; each path's median cell is reported
            """;

    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put("server-url", "jdbc:mysql://127.0.0.1:3306");
        DEFAULTS.put("database", "tristate_bench");
        DEFAULTS.put("drop-database", "false");
        DEFAULTS.put("db-user", "root");
        DEFAULTS.put("db-password", "");
        DEFAULTS.put("rabbit-host", "127.0.0.1");
        DEFAULTS.put("rabbit-port", "5672");
        DEFAULTS.put("rabbit-user", "guest");
        DEFAULTS.put("rabbit-password", "guest");
        DEFAULTS.put("rabbit-vhost", "/");
        DEFAULTS.put("app-jar", "bootstrap/target/tristate.jar");
        DEFAULTS.put("app-jvm-args", "");
        DEFAULTS.put("app-heap", "256m");
        // The application's default: half the general pool (Hikari's 10), at least 4.
        DEFAULTS.put("callback-pool-size", "5");
        DEFAULTS.put("concurrency", "1,8,32");
        DEFAULTS.put("count", "1500");
        DEFAULTS.put("warmup", "300");
        DEFAULTS.put("initial-warmup", "10000");
        DEFAULTS.put("max-warmup", "60000");
        DEFAULTS.put("retries", "2");
        DEFAULTS.put("trials", "3");
        DEFAULTS.put("channel", "sandbox");
    }

    /** A command line of another benchmark: its own options (with their defaults filled in) and the shared ones. */
    record Split(Settings common, Map<String, String> own) {
    }

    /**
     * Splits another benchmark's command line: {@code --name=value} options named in {@code ownDefaults} are its own;
     * the connection and application options are parsed as here, with {@code defaultDatabase} unless given;
     * the callback benchmark's load options are refused, as is anything else unknown.
     */
    static Split split(String[] args, Map<String, String> ownDefaults, String defaultDatabase) {
        Map<String, String> own = new LinkedHashMap<>(ownDefaults);
        List<String> common = new java.util.ArrayList<>(List.of("--database=" + defaultDatabase));
        for (String arg : args) {
            int eq = arg.indexOf('=');
            String name = arg.startsWith("--") && eq > 2 ? arg.substring(2, eq) : null;
            if (name != null && ownDefaults.containsKey(name)) {
                own.put(name, arg.substring(eq + 1));
            } else if (name != null && knows(name) && !CALLBACK_LOAD_OPTIONS.contains(name)) {
                common.add(arg);
            } else {
                throw new IllegalArgumentException("unknown option: " + arg);
            }
        }
        return new Split(parse(common.toArray(String[]::new)), own);
    }

    /** The callback benchmark's options about its own load, which mean nothing to the others. */
    private static final List<String> CALLBACK_LOAD_OPTIONS = List.of("callback-pool-size", "concurrency", "count",
            "initial-warmup", "max-warmup", "retries", "trials", "channel");

    /** Whether {@code name} (without the leading dashes) is an option of this command line. */
    static boolean knows(String name) {
        return DEFAULTS.containsKey(name);
    }

    static Settings parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>(DEFAULTS);
        for (String arg : args) {
            int eq = arg.indexOf('=');
            String name = arg.startsWith("--") && eq > 2 ? arg.substring(2, eq) : null;
            if (name == null || !DEFAULTS.containsKey(name)) {
                throw new IllegalArgumentException("unknown option: " + arg);
            }
            values.put(name, arg.substring(eq + 1));
        }
        String database = values.get("database");
        if (!database.matches("[A-Za-z0-9_]{1,64}")) {
            throw new IllegalArgumentException("--database may hold only letters, digits and _");
        }
        List<Integer> levels = Arrays.stream(values.get("concurrency").split(",")).map(String::trim)
                .map(Integer::parseInt).toList();
        if (levels.isEmpty() || levels.stream().anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException("--concurrency needs positive levels, e.g. 1,8,32");
        }
        String jvmArgs = values.get("app-jvm-args").trim();
        Settings settings = new Settings(values.get("server-url"), database, values.get("db-user"),
                values.get("db-password"), Boolean.parseBoolean(values.get("drop-database")),
                values.get("rabbit-host"), Integer.parseInt(values.get("rabbit-port")), values.get("rabbit-user"),
                values.get("rabbit-password"), values.get("rabbit-vhost"), Path.of(values.get("app-jar")),
                jvmArgs.isEmpty() ? List.of() : List.of(jvmArgs.split("\\s+")), values.get("app-heap").trim(),
                Integer.parseInt(values.get("callback-pool-size")), levels, Integer.parseInt(values.get("count")),
                Integer.parseInt(values.get("warmup")), Integer.parseInt(values.get("initial-warmup")),
                Integer.parseInt(values.get("max-warmup")), Integer.parseInt(values.get("retries")),
                Integer.parseInt(values.get("trials")), values.get("channel"));
        if (!settings.appHeap.isEmpty() && !settings.appHeap.matches("\\d+[kKmMgG]?")) {
            throw new IllegalArgumentException("--app-heap takes a size such as 256m");
        }
        if (!List.of("sandbox", "wechat").contains(settings.channel)) {
            throw new IllegalArgumentException("--channel is sandbox or wechat");
        }
        if (settings.count < 1 || settings.warmup < 0 || settings.initialWarmup < 0 || settings.maxWarmup < 0
                || settings.callbackPoolSize < 1
                || settings.retries < 0 || settings.trials < 1) {
            throw new IllegalArgumentException("--count, --trials and --callback-pool-size must be positive,"
                    + " warm-ups and --retries >= 0");
        }
        return settings;
    }

    /** The server URL without its query string, and the query string (empty when none). */
    private String[] serverParts() {
        int q = serverUrl.indexOf('?');
        String base = q < 0 ? serverUrl : serverUrl.substring(0, q);
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return new String[] {base, q < 0 ? "" : serverUrl.substring(q)};
    }

    /** The URL of the server itself, for CREATE DATABASE. */
    public String serverOnlyUrl() {
        String[] parts = serverParts();
        return parts[0] + "/" + parts[1];
    }

    /** The URL the application and the baseline both use. */
    public String jdbcUrl() {
        String[] parts = serverParts();
        return parts[0] + "/" + database + parts[1];
    }

    /**
     * A connection of the broker's own Java client to the broker and vhost of these settings, shown under {@code name}
     * in the broker's list of connections.
     */
    public Connection rabbitConnection(String name) throws IOException, TimeoutException {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(rabbitHost);
        factory.setPort(rabbitPort);
        factory.setUsername(rabbitUser);
        factory.setPassword(rabbitPassword);
        factory.setVirtualHost(rabbitVhost);
        return factory.newConnection(name);
    }

    /** The same settings for another build of the application (the start-up benchmark compares two). */
    public Settings withAppJar(Path jar) {
        return new Settings(serverUrl, database, dbUser, dbPassword, dropDatabase, rabbitHost, rabbitPort, rabbitUser,
                rabbitPassword, rabbitVhost, jar, appJvmArgs, appHeap, callbackPoolSize, concurrency, count, warmup,
                initialWarmup, maxWarmup, retries, trials, channel);
    }
}
