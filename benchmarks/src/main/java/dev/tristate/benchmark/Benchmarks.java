package dev.tristate.benchmark;

import java.util.Arrays;

/**
 * {@code java -jar benchmarks/target/benchmarks.jar [callback|relay|consumer|startup|faults] [--option=value ...]}:
 * the callback benchmark (also without a first word), the outbox relay benchmark, the entitlements consumer benchmark,
 * the start-up and crash-recovery benchmark (each described in docs/benchmarks.md) or the fault suite
 * (docs/reliability.md).
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    /** A benchmark built from its own options and the shared ones; {@link #run()} says whether every check passed. */
    interface Benchmark {
        boolean run() throws Exception;
    }

    /**
     * The command line of a benchmark with options of its own: {@code --help} prints {@code usage}; bad options
     * print why and the usage and exit 2; otherwise the benchmark runs and the process exits 0, or 1 when a check
     * failed.
     */
    static void main(String[] args, String usage, java.util.Map<String, String> defaults, String database,
                     java.util.function.BiFunction<Settings, java.util.Map<String, String>, Benchmark> benchmark)
            throws Exception {
        // HikariCP logs through SLF4J; without a provider on the class path SLF4J would only warn that it has none.
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        if (Arrays.asList(args).contains("--help")) {
            System.out.print(usage);
            return;
        }
        Benchmark built;
        try {
            Settings.Split split = Settings.split(args, defaults, database);
            built = benchmark.apply(split.common(), split.own());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + "\n\n" + usage);
            System.exit(2);
            return;
        }
        System.exit(built.run() ? 0 : 1);
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("relay")) {
            RelayBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("consumer")) {
            ConsumerBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("startup")) {
            StartupBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("faults")) {
            dev.tristate.benchmark.faults.FaultsCommand.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("callback")) {
            CallbackBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else {
            CallbackBenchmark.main(args);
        }
    }
}
