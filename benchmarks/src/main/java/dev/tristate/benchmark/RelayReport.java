package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.RelayBenchmark.Drain;
import java.util.List;
import java.util.Locale;

/** The relay benchmark's closing report: the drains against raw publishing, the claim times, and the targets. */
final class RelayReport {

    private RelayReport() {
    }

    static void print(List<Drain> drains, List<ClaimTiming.Claim> claims) {
        say("");
        say("| phase | events | seconds | events/s | of raw (mean) | of one-by-one relay | app CPU ms/event |"
                + " db CPU ms/event | broker CPU ms/event | other processes |");
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        double raw = drains.stream().filter(Drain::raw).mapToDouble(Drain::perSecond).average().orElse(Double.NaN);
        double each = drains.stream().filter(d -> d.name().contains("one by one")).mapToDouble(Drain::perSecond)
                .findFirst().orElse(Double.NaN);
        for (Drain d : drains) {
            say(String.format(Locale.ROOT, "| %s | %d | %.2f | %.1f | %.2f | %s | %s | %.3f | %.3f | %.0f%% |",
                    d.name(), d.events(), d.seconds(), d.perSecond(), d.perSecond() / raw,
                    Double.isNaN(each) ? "-" : String.format(Locale.ROOT, "%.1fx", d.perSecond() / each),
                    d.raw() ? "-" : String.format(Locale.ROOT, "%.3f", d.usage().appMs()), d.usage().dbMs(),
                    d.usage().brokerMs(), d.usage().othersShare() * 100));
        }
        if (!claims.isEmpty()) {
            say("");
            say("| SENT rows | claim p50 ms | claim p99 ms | mean ms | p50 vs smallest | plan |");
            say("| ---: | ---: | ---: | ---: | ---: | --- |");
            double first = claims.get(0).p50();
            for (ClaimTiming.Claim c : claims) {
                say(String.format(Locale.ROOT, "| %,d | %.2f | %.2f | %.2f | %.2f | %s |", c.sentRows(), c.p50(),
                        c.p99(), c.mean(), c.p50() / first, c.plan()));
            }
        }
        say("");
        targets(drains, raw, each);
        if (claims.size() > 1) {
            double worst = claims.stream().mapToDouble(ClaimTiming.Claim::p50).max().orElse(0) / claims.get(0).p50();
            say(String.format(Locale.ROOT, "target claim time flat from %,d to %,d SENT rows: worst p50 %.2fx the"
                    + " smallest (<= 1.5x: %s)", claims.get(0).sentRows(), claims.get(claims.size() - 1).sentRows(),
                    worst, worst <= 1.5 ? "met" : "NOT met"));
        }
    }

    /**
     * The relays' targets: one relay at 0.6 of raw publishing (the mean of the two raw figures), two at 0.75, each
     * at least twice the one-by-one relay, and two relays not slower than one.
     */
    private static void targets(List<Drain> drains, double raw, double each) {
        double one = Double.NaN;
        for (Drain d : drains) {
            boolean single = d.name().startsWith("1 relay, confirms per batch");
            if (single || d.name().startsWith("2 relays")) {
                double ofRaw = single ? 0.6 : 0.75;
                String versusEach = Double.isNaN(each) ? "no one-by-one phase to compare with"
                        : String.format(Locale.ROOT, "%.1fx the one-by-one relay (>= 2x: %s)", d.perSecond() / each,
                                d.perSecond() / each >= 2 ? "met" : "NOT met");
                say(String.format(Locale.ROOT, "target %s: %.2f of raw (>= %.2f: %s), %s", d.name(),
                        d.perSecond() / raw, ofRaw, d.perSecond() / raw >= ofRaw ? "met" : "NOT met", versusEach));
                if (single) {
                    one = d.perSecond();
                } else if (!Double.isNaN(one)) {
                    say(String.format(Locale.ROOT, "target 2 relays not slower than 1: %.2fx - %s",
                            d.perSecond() / one, d.perSecond() >= one ? "met" : "NOT met"));
                }
            }
        }
    }
}
