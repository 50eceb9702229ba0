package dev.tristate.benchmark.faults;

import java.util.Random;

/**
 * {@code kill-storm}: one instance under continuous load (payments created, notifications sent, so callbacks,
 * the relay and the consumer are all at work) is SIGKILLed at random moments and started again at once, while the
 * load keeps coming; requests that find it down are sent again by the load, as a channel and a merchant would.
 * Some kills land within a second of a start, in the recovery itself. 24 kills, 8 in the short form.
 */
final class KillStormScenario implements FaultScenario {

    @Override
    public String name() {
        return "kill-storm";
    }

    @Override
    public String description() {
        return "SIGKILL the instance at random moments under load, restart it each time";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        killStorm(context, context.isShort() ? 8 : 24, 0);
    }

    /** {@code kills} SIGKILLs and restarts of one instance under load; a channel storm when compression > 0. */
    static void killStorm(FaultContext context, int kills, int stormCompression) throws Exception {
        Random random = context.random();
        FaultInstance app = context.newInstance("app-1");
        app.start();
        context.say("instance up on port " + app.port() + " in " + String.format("%.1f s", app.lastStartSeconds()));
        FaultLoad load = context.startLoad(app.baseUrl(), 6, stormCompression);
        Thread.sleep(3_000);
        for (int k = 1; k <= kills; k++) {
            // Up for 0.3 to 6 s: long enough for every stage to be busy, short enough to catch recovery itself.
            long up = 300 + random.nextInt(5_700);
            Thread.sleep(up);
            app.kill();
            context.faultInjected("SIGKILL");
            long down = random.nextInt(1_500);
            Thread.sleep(down);
            app.start();
            context.say("kill " + k + "/" + kills + " after " + up + " ms up, " + down + " ms down, ready again in "
                    + String.format("%.1f s", app.lastStartSeconds()) + "; " + load.acknowledged().size()
                    + " acknowledged so far");
        }
        Thread.sleep(3_000);
    }
}
