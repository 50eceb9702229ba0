package dev.tristate.benchmark;

import static dev.tristate.benchmark.ConsumerReport.DEFAULT_CONCURRENCY;
import static dev.tristate.benchmark.Report.percent;
import static dev.tristate.benchmark.Report.say;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The consumer benchmark's throughput phase (docs/benchmarks.md), one level at a time: relay off, the application
 * started with {@code tristate.consumers.entitlements.prefetch=P} and {@code .batch-size=B}, a warm-up, then N
 * PaymentSucceeded messages (for SUCCEEDED payments in the database) published to the exchange exactly as the relay
 * publishes them; from the first publish to the last entitlement.
 */
final class ConsumerThroughputPhase {

    /**
     * The phase's options: the {@code --prefetch} and {@code --batch-size} levels, {@code --count},
     * {@code --warmup} and {@code --publish-batch}.
     */
    record Options(List<Integer> prefetch, List<Integer> batchSizes, int count, int warmup, int publishBatch) {
    }

    record Drain(int prefetch, int batchSize, int messages, double publishSeconds, double seconds,
                 double drainedAfterPublish, double drainSeconds, int maxConsumers, Load.Cpu.Usage cpu,
                 BrokerCpu.Usage broker) {
        double perSecond() {
            return messages / seconds;
        }

        double drainPerSecond() {
            return drainSeconds > 0 ? drainedAfterPublish / drainSeconds : Double.NaN;
        }
    }

    private final ConsumerRun run;
    private final ConsumerRows rows;
    private final Options options;

    ConsumerThroughputPhase(ConsumerRun run, ConsumerRows rows, Options options) {
        this.run = run;
        this.rows = rows;
        this.options = options;
    }

    /** One level: prefetch {@code p}, batch size {@code b}, with an application started for it. */
    Drain measure(EntitlementsQueue broker, Path workDir, int p, int b) throws Exception {
        int count = options.count();
        int warmup = options.warmup();
        say("");
        say("throughput: prefetch " + p + ", batch size " + b + ", consumers " + DEFAULT_CONCURRENCY
                + " (defaults), relay off; " + warmup + " warm-up + " + count + " measured PaymentSucceeded messages");
        List<String> args = List.of("--tristate.relay.enabled=false",
                "--tristate.consumers.entitlements.prefetch=" + p, "--tristate.consumers.entitlements.batch-size=" + b);
        try (ApplicationProcess app = run.start(broker, workDir, "prefetch-" + p + "-batch-" + b, args)) {
            String warmTenant = run.newTenant("p" + p + "b" + b + "w");
            String tenant = run.newTenant("p" + p + "b" + b);
            List<EntitlementsQueue.Message> warmMessages = rows.succeededPayments(warmTenant, warmup);
            List<EntitlementsQueue.Message> messages = rows.succeededPayments(tenant, count);
            if (warmup > 0) {
                long t0 = System.nanoTime();
                broker.publish(warmMessages, options.publishBatch());
                run.awaitEntitlements(warmTenant, warmup, app, broker, null);
                say(String.format(Locale.ROOT, "  warm-up: %d entitlements in %.1f s", warmup,
                        (System.nanoTime() - t0) / 1e9));
                run.checkTenant("prefetch " + p + " warm-up", warmTenant, warmup, null);
            }
            broker.awaitEmpty();
            Load.Cpu cpu = new Load.Cpu(app.pid());
            BrokerCpu brokerCpu = new BrokerCpu();
            Load.Cpu.Sample before = cpu.sample();
            BrokerCpu.Sample brokerBefore = brokerCpu.sample();
            Instant first = Instant.now();
            broker.publish(messages, options.publishBatch());
            Instant published = Instant.now();
            AtomicInteger consumers = new AtomicInteger();
            boolean complete = run.awaitEntitlements(tenant, count, app, broker, consumers);
            Load.Cpu.Usage usage = cpu.since(before, count);
            BrokerCpu.Usage brokerUsage = brokerCpu.since(brokerBefore, count, usage);
            Drain drain;
            if (!complete) {
                run.fail("prefetch " + p + ": not every message became an entitlement");
                drain = new Drain(p, b, count, Double.NaN, Double.NaN, Double.NaN, Double.NaN, consumers.get(), usage,
                        brokerUsage);
            } else {
                Instant last = rows.lastGrantedAt(tenant);
                long after = rows.grantedSince(tenant, published);
                double seconds = Duration.between(first, last).toNanos() / 1e9;
                double drainSeconds = Duration.between(published, last).toNanos() / 1e9;
                drain = new Drain(p, b, count, Duration.between(first, published).toNanos() / 1e9, seconds,
                        after, drainSeconds, consumers.get(), usage, brokerUsage);
            }
            run.checkTenant("prefetch " + p, tenant, count, null);
            long left = broker.messages();
            if (left != 0) {
                run.fail("prefetch " + p + ": the queue still holds " + left + " messages");
            }
            if (!app.isAlive()) {
                run.fail("prefetch " + p + ": the application died; last lines of its log:\n" + app.tail(40));
            }
            say(String.format(Locale.ROOT, "  %d entitlements in %.2f s from the first publish: %.1f/s (publishing"
                            + " took %.2f s; after it, %.0f more in %.2f s: %.1f/s); consumers seen %d; app CPU %.2f"
                            + " ms/entitlement; other processes %s", count, drain.seconds(), drain.perSecond(),
                    drain.publishSeconds(), drain.drainedAfterPublish(), drain.drainSeconds(),
                    drain.drainPerSecond(), drain.maxConsumers(), usage.appMs(),
                    percent(brokerUsage.othersShare())));
            return drain;
        }
    }
}
