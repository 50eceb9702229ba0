package dev.tristate.benchmark;

import java.util.Arrays;

/**
 * {@code java -jar benchmarks/target/benchmarks.jar [callback|relay|consumer|startup] [--option=value ...]}: the
 * callback benchmark (also without a first word), the outbox relay benchmark, the entitlements consumer benchmark or
 * the start-up and crash-recovery benchmark; each is described in docs/benchmarks.md.
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("relay")) {
            RelayBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("consumer")) {
            ConsumerBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("startup")) {
            StartupBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("callback")) {
            CallbackBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else {
            CallbackBenchmark.main(args);
        }
    }
}
