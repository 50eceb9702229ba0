package dev.tristate.benchmark.faults;

import java.util.List;
import java.util.Random;

/**
 * {@code several-instances}: three instances on one database and one vhost behind HAProxy (health checks on
 * readiness), the load going through the proxy only; single instances are SIGKILLed at random moments and started
 * again while the other two carry the load. 12 kills, 4 in the short form.
 */
final class SeveralInstancesScenario implements FaultScenario {

    @Override
    public String name() {
        return "several-instances";
    }

    @Override
    public String description() {
        return "3 instances behind HAProxy, single instances SIGKILLed and restarted under load through the proxy";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        int kills = context.isShort() ? 4 : 12;
        Random random = context.random();
        // The first instance creates the schema alone; the other two start together after it.
        FaultInstance first = context.newInstance("app-1");
        first.start();
        List<FaultInstance> others = List.of(context.newInstance("app-2"), context.newInstance("app-3"));
        for (FaultInstance instance : others) {
            instance.launch();
        }
        for (FaultInstance instance : others) {
            instance.awaitReady();
        }
        List<FaultInstance> all = context.instances();
        FaultHaproxy haproxy = FaultHaproxy.start(context.workDir(), all);
        context.onClose(haproxy);
        context.say("3 instances behind HAProxy at " + haproxy.baseUrl());
        FaultLoad load = context.startLoad(haproxy.baseUrl(), 6);
        Thread.sleep(5_000);
        for (int k = 1; k <= kills; k++) {
            long up = 1_000 + random.nextInt(7_000);
            Thread.sleep(up);
            FaultInstance victim = all.get(random.nextInt(all.size()));
            victim.kill();
            context.faultInjected("SIGKILL of one instance");
            long down = 500 + random.nextInt(2_500);
            Thread.sleep(down);
            victim.start();
            context.say("kill " + k + "/" + kills + " of " + victim.name() + ", " + down + " ms down, ready again in "
                    + String.format("%.1f s", victim.lastStartSeconds()) + "; " + load.acknowledged().size()
                    + " acknowledged so far");
        }
        Thread.sleep(5_000);
    }
}
