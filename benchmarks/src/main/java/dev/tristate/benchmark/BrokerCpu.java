package dev.tristate.benchmark;

import java.time.Duration;

/**
 * The local RabbitMQ's CPU ({@code beam.smp}, when it runs on this machine). Load.Cpu counts it among the "other
 * processes"; for the consumer benchmark the broker is part of the system measured, so its share is taken out of
 * theirs and reported on its own.
 */
final class BrokerCpu {

    record Sample(long brokerNanos, long wallNanos) {
    }

    /** The broker's CPU in ms per call (-1 when not seen), and the other processes' share without it (0..1). */
    record Usage(double ms, double othersShare) {
    }

    private final ProcessHandle broker;

    BrokerCpu() {
        this.broker = ProcessHandle.allProcesses()
                .filter(p -> p.info().command().map(c -> c.endsWith("/beam.smp")).orElse(false))
                .findFirst().orElse(null);
    }

    Sample sample() {
        return new Sample(nanos(), System.nanoTime());
    }

    Usage since(Sample before, int calls, Load.Cpu.Usage cpu) {
        Sample now = sample();
        if (broker == null || before.brokerNanos() < 0 || now.brokerNanos() < 0) {
            return new Usage(-1, cpu.othersShare());
        }
        long brokerNanos = now.brokerNanos() - before.brokerNanos();
        double capacity = (double) (now.wallNanos() - before.wallNanos()) * Runtime.getRuntime().availableProcessors();
        double others = cpu.othersShare() < 0 ? -1 : Math.max(0, cpu.othersShare() - brokerNanos / capacity);
        return new Usage(brokerNanos / 1e6 / calls, others);
    }

    private long nanos() {
        return broker == null ? -1 : broker.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }
}
