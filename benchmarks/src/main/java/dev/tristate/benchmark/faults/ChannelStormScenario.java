package dev.tristate.benchmark.faults;

/**
 * {@code channel-storm}: the kill storm's SIGKILLs and restarts (16, 6 in the short form), under a load that sends
 * as channels do when they doubt an answer ({@link FaultLoad#storm(int)}): identical copies at once, re-sends on the
 * sandbox channel's retry schedule compressed 10 times, and reports of other statuses before and after each success.
 */
final class ChannelStormScenario implements FaultScenario {

    /** The channel's schedule (1 s, 2 s, 4 s ...) runs this many times faster. */
    static final int COMPRESSION = 10;

    @Override
    public String name() {
        return "channel-storm";
    }

    @Override
    public String description() {
        return "copies, re-sends on the sandbox's retry schedule (compressed 10x) and reordered reports, with kills";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        KillStormScenario.killStorm(context, context.isShort() ? 6 : 16, COMPRESSION);
    }
}
