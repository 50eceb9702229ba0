package dev.tristate.benchmark;

/**
 * The local RabbitMQ's CPU ({@code beam.smp}, when it runs on this machine), as the consumer benchmark reports it.
 * {@link Load.Cpu} measures the broker as part of the system under test (not among the "other processes"); this
 * only hands its figures on in the shape the consumer benchmark prints.
 */
final class BrokerCpu {

    record Sample(long unused) {
    }

    /** The broker's CPU in ms per call (-1 when not seen), and the other processes' share (0..1). */
    record Usage(double ms, double othersShare) {
    }

    Sample sample() {
        return new Sample(0);
    }

    Usage since(Sample before, int calls, Load.Cpu.Usage cpu) {
        return new Usage(cpu.brokerMs(), cpu.othersShare());
    }
}
