package dev.tristate.benchmark.faults;

/**
 * {@code broker-outage}: on a RabbitMQ node of its own (never the machine's broker), under continuous load:
 * {@code stop_app} for 30 s (20 s in the short form), during which the instance is SIGKILLed and started again
 * (it must come up without the broker), and {@code start_app}; then {@code close_all_connections};
 * then a memory alarm ({@code set_vm_memory_high_watermark 0.000001}) that blocks every publisher, for 20 s (10 s),
 * and the watermark back at 0.4. Callbacks and merchant calls need only the database, so the load is answered
 * throughout; the outbox holds the events until the broker takes them again.
 */
final class BrokerOutageScenario implements FaultScenario {

    private static final String QUEUE = "tristate.entitlements";

    @Override
    public String name() {
        return "broker-outage";
    }

    @Override
    public String description() {
        return "rabbitmqctl stop_app for 30 s with a restart of the instance in it, close_all_connections, a memory"
                + " alarm blocking publishers";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        boolean shortForm = context.isShort();
        FaultRabbitNode rabbit = FaultRabbitNode.start(context.workDir());
        context.onClose(rabbit);
        context.say("own RabbitMQ node " + rabbit.node() + " on port " + rabbit.port());
        context.useBroker(rabbit);
        FaultInstance app = context.newInstance("app-1");
        app.start();
        context.say("instance up on port " + app.port());
        FaultLoad load = context.startLoad(app.baseUrl(), 6);
        Thread.sleep(5_000);

        int outage = shortForm ? 20 : 30;
        long outageStarted = System.nanoTime();
        rabbit.ctl("stop_app");
        context.faultInjected("stop_app");
        context.say("broker application stopped for " + outage + " s; " + load.acknowledged().size()
                + " acknowledged so far");
        Thread.sleep(3_000);
        // Start during the outage: the instance is killed and started again while the broker is away. It must come
        // up on the database alone and take the load into the outbox; the broker returns only after it is ready.
        app.kill();
        context.faultInjected("SIGKILL and start during the outage");
        app.start();
        int acknowledgedAtRestart = load.acknowledged().size();
        context.say("instance started again while the broker is away, in "
                + String.format(java.util.Locale.ROOT, "%.1f s", app.lastStartSeconds()));
        long left = outage * 1000L - (System.nanoTime() - outageStarted) / 1_000_000;
        Thread.sleep(Math.max(left, 5_000));
        int servedWithoutBroker = load.acknowledged().size() - acknowledgedAtRestart;
        if (servedWithoutBroker == 0) {
            throw new IllegalStateException("the instance started during the outage acknowledged no notification"
                    + " before the broker came back");
        }
        context.say(servedWithoutBroker + " notifications acknowledged by the restarted instance without a broker");
        rabbit.ctl("start_app");
        context.say("broker application started; " + load.acknowledged().size() + " acknowledged so far");
        Thread.sleep(shortForm ? 8_000 : 15_000);

        rabbit.ctl("close_all_connections", "fault suite: forced close");
        context.faultInjected("close_all_connections");
        context.say("all connections closed");
        Thread.sleep(shortForm ? 8_000 : 15_000);

        int alarm = shortForm ? 10 : 20;
        rabbit.ctl("set_vm_memory_high_watermark", "0.000001");
        context.faultInjected("memory alarm");
        context.say("memory alarm raised for " + alarm + " s (publishers blocked)");
        Thread.sleep(alarm * 1000L);
        rabbit.ctl("set_vm_memory_high_watermark", "0.4");
        context.say("memory alarm cleared; queue " + QUEUE + " holds " + rabbit.messages(QUEUE) + " messages");
        Thread.sleep(5_000);
    }
}
