package dev.tristate.benchmark.faults;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * {@code database-faults}: the instance reaches its database through a {@link CommitCutProxy}, and under continuous
 * load the scenario kills the instance's connections ({@code KILL CONNECTION}, on this scenario's database only),
 * cuts COMMITs in flight (a callback's and a payment creation's, after and before the server committed, so that the
 * application cannot know) and makes the database unreachable for 20 s (10 s in the short form). Each cut COMMIT must
 * be answered 503 to the channel (202 UNKNOWN to the merchant), written to the unknown-outcome ledger, and settled:
 * the re-sent notification or request finds the committed record or applies now, and the resolver closes the ledger
 * row. The scenario fails, naming the case, when one of them did not end so.
 */
final class DatabaseFaultsScenario implements FaultScenario {

    /** The first arrival of a notification, inserted in the callback's one transaction. */
    static final Predicate<String> CALLBACK_TRANSACTION = sql -> sql.contains("INSERT INTO channel_notifications")
            && sql.contains("'IN_PROGRESS'");
    /** The merchant API's insert of a new payment. */
    static final Predicate<String> PAYMENT_CREATION = sql -> sql.contains("INSERT INTO payments");

    @Override
    public String name() {
        return "database-faults";
    }

    @Override
    public String description() {
        return "KILL CONNECTION, the database unreachable for 20 s, COMMITs cut in flight (callbacks, payments)";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        boolean shortForm = context.isShort();
        URI server = URI.create(context.options().serverUrl().substring("jdbc:".length()));
        CommitCutProxy proxy = CommitCutProxy.start(server.getHost(), server.getPort() < 0 ? 3306 : server.getPort());
        context.onClose(proxy);
        FaultInstance app = context.newInstance("app-1", proxy.jdbcUrl(context.database()), List.of(
                // The resolver asks soon after an unknown outcome, so that the cases settle within the scenario.
                "--tristate.resolver.interval=2s", "--tristate.resolver.unknown-first-query-after=5s"));
        app.start();
        context.say("instance up on port " + app.port() + ", its database through the proxy on port " + proxy.port());
        FaultLoad load = context.startLoad(app.baseUrl(), 6);
        Thread.sleep(5_000);

        int kills = shortForm ? 2 : 4;
        for (int k = 1; k <= kills; k++) {
            Thread.sleep(2_000 + context.random().nextInt(3_000));
            int killed = PrivateMariaDb.killConnections(context.options().serverOnlyUrl(), context.options().dbUser(),
                    context.options().dbPassword(), context.database());
            context.faultInjected("KILL CONNECTION");
            context.say("killed " + killed + " connections of the instance; " + load.acknowledged().size()
                    + " acknowledged so far");
        }

        List<Cut> cuts = new ArrayList<>(List.of(
                new Cut("callback COMMIT cut after the server committed", CommitCutProxy.Cut.AFTER_SERVER_COMMITTED,
                        CALLBACK_TRANSACTION),
                new Cut("callback COMMIT cut before the server committed", CommitCutProxy.Cut.BEFORE_SERVER_COMMITTED,
                        CALLBACK_TRANSACTION),
                new Cut("payment creation COMMIT cut after the server committed",
                        CommitCutProxy.Cut.AFTER_SERVER_COMMITTED, PAYMENT_CREATION)));
        if (!shortForm) {
            cuts.addAll(List.copyOf(cuts));
            cuts.add(new Cut("payment creation COMMIT cut before the server committed",
                    CommitCutProxy.Cut.BEFORE_SERVER_COMMITTED, PAYMENT_CREATION));
        }
        for (Cut cut : cuts) {
            Thread.sleep(1_000 + context.random().nextInt(2_000));
            proxy.arm(cut.where(), cut.transaction());
            if (!proxy.awaitCut(Duration.ofSeconds(60))) {
                proxy.disarm();
                throw new IllegalStateException("no transaction to cut within 60 s: " + cut.what());
            }
            context.faultInjected("COMMIT cut");
            context.say(cut.what() + "; " + load.acknowledged().size() + " acknowledged so far");
        }

        int outage = shortForm ? 10 : 20;
        Thread.sleep(3_000);
        proxy.outage(Duration.ofSeconds(outage));
        context.faultInjected("database unreachable");
        context.say("database unreachable for " + outage + " s");
        Thread.sleep(outage * 1000L + 5_000);

        CommitCutEvidence evidence = new CommitCutEvidence(context.jdbcUrl(), context.options().dbUser(),
                context.options().dbPassword(), load.tenantId());
        List<CommitCutEvidence.Case> cases = evidence.awaitSettled(proxy.cutStatements(), Duration.ofSeconds(120));
        List<String> failures = new ArrayList<>();
        for (CommitCutEvidence.Case c : cases) {
            context.say("cut " + c.what() + ": " + String.join("; ", c.facts())
                    + (c.settled() ? ", settled" : ", NOT SETTLED") + (c.problems().isEmpty() ? ""
                    : ", PROBLEMS: " + String.join("; ", c.problems())));
            if (!c.settled() || !c.problems().isEmpty()) {
                failures.add(c.what() + (c.settled() ? "" : " not settled") + " " + c.problems());
            }
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException(failures.size() + " cut COMMITs did not end as they must: " + failures);
        }
    }

    /** One COMMIT to cut: what it is, where the proxy cuts it, and which transaction it waits for. */
    private record Cut(String what, CommitCutProxy.Cut where, Predicate<String> transaction) {
    }
}
