package dev.tristate.benchmark;

import java.lang.management.ManagementFactory;
import java.security.SecureRandom;
import java.util.Locale;

/** What every benchmark prints with: lines flushed at once, shares and figures that may be unknown (negative). */
public final class Report {

    private Report() {
    }

    public static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** A share of 0..1 as a percentage, "n/a" when unknown. */
    public static String percent(double share) {
        return share < 0 ? "n/a" : String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    /** Milliseconds with two decimals, "n/a" when unknown. */
    static String orNa(double ms) {
        return ms < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", ms);
    }

    static String loadAverage() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    static byte[] random(int bytes) {
        byte[] b = new byte[bytes];
        new SecureRandom().nextBytes(b);
        return b;
    }

    /** A JSON string literal (quotes and backslashes escaped; the benchmarks' values hold nothing else). */
    static String json(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /**
     * The application processes' peak RSS, and the target where the benchmark has one: under 450 MB with a 256 MB
     * heap.
     */
    public static void peakRss(Settings settings, boolean withTarget) {
        java.util.List<Long> peaks = ApplicationProcess.peakRssOfStopped();
        if (peaks.isEmpty()) {
            return;
        }
        long max = peaks.stream().mapToLong(Long::longValue).max().orElse(-1);
        String heap = settings.appHeap().isEmpty() ? "the JVM's default heap" : "-Xmx" + settings.appHeap();
        say("application peak RSS: " + max + " MB (of " + peaks.size() + " process(es): " + peaks + " MB), "
                + heap + (settings.appJvmArgs().isEmpty() ? "" : ", " + String.join(" ", settings.appJvmArgs())));
        if (withTarget && "256m".equalsIgnoreCase(settings.appHeap())) {
            say("target: peak RSS < 450 MB with -Xmx256m: " + max + " MB - " + (max < 450 ? "met" : "NOT met"));
        }
    }
}
