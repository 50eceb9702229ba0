package dev.tristate.benchmark.faults;

import java.sql.Connection;
import java.sql.Statement;

/**
 * {@code database-restart}: the scenario's database lives on a MariaDB server of the command's own
 * ({@link PrivateMariaDb}, never the machine's server), and under continuous load that server is stopped with SIGTERM
 * (a clean shutdown, as an operator or a failover would stop it) for 20 s and started again, then crashed with SIGKILL
 * (InnoDB recovers from its redo log) for 10 s and started again; twice (once in the short form). The instance keeps
 * running throughout and must take up its work again when the server is back.
 */
final class DatabaseRestartScenario implements FaultScenario {

    @Override
    public String name() {
        return "database-restart";
    }

    @Override
    public String description() {
        return "the database server stopped (SIGTERM) for 20 s and crashed (SIGKILL) for 10 s mid-load, restarted";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        PrivateMariaDb server = PrivateMariaDb.start();
        context.onClose(server);
        grantCommandUser(server, context.options());
        context.useDatabaseServer(server.serverUrl());
        context.say("own MariaDB server on port " + server.port() + " (pid " + server.pid() + ")");
        FaultInstance app = context.newInstance("app-1");
        app.start();
        context.say("instance up on port " + app.port());
        FaultLoad load = context.startLoad(app.baseUrl(), 6);
        Thread.sleep(8_000);
        int rounds = context.isShort() ? 1 : 2;
        for (int round = 1; round <= rounds; round++) {
            Thread.sleep(3_000 + context.random().nextInt(4_000));
            server.stop();
            context.faultInjected("MariaDB stopped (SIGTERM)");
            context.say("round " + round + ": database server stopped for 20 s; " + load.acknowledged().size()
                    + " acknowledged so far");
            Thread.sleep(20_000);
            server.restart();
            context.say("database server started again; " + load.acknowledged().size() + " acknowledged so far");
            Thread.sleep(10_000 + context.random().nextInt(4_000));
            server.crash();
            context.faultInjected("MariaDB crashed (SIGKILL)");
            context.say("round " + round + ": database server crashed, down for 10 s; "
                    + load.acknowledged().size() + " acknowledged so far");
            Thread.sleep(10_000);
            server.restart();
            context.say("database server recovered and started again; " + load.acknowledged().size()
                    + " acknowledged so far");
            Thread.sleep(10_000);
        }
        if (!app.isAlive()) {
            throw new IllegalStateException("the instance exited while its database was away; last lines of its log:\n"
                    + app.tail(40));
        }
    }

    /** The command's database user, where it is not the server's own root without a password, gets every right. */
    private static void grantCommandUser(PrivateMariaDb server, FaultOptions options) throws Exception {
        if (options.dbUser().equals("root") && options.dbPassword().isEmpty()) {
            return;
        }
        if (!options.dbUser().matches("[A-Za-z0-9_]{1,32}") || options.dbPassword().contains("'")) {
            throw new IllegalArgumentException("database-restart takes a user of letters, digits and _ and a password"
                    + " without quotes, to create them on its own server");
        }
        try (Connection c = server.connect(""); Statement s = c.createStatement()) {
            for (String host : new String[] {"127.0.0.1", "localhost"}) {
                s.execute("CREATE USER IF NOT EXISTS '" + options.dbUser() + "'@'" + host + "' IDENTIFIED BY '"
                        + options.dbPassword() + "'");
                s.execute("GRANT ALL ON *.* TO '" + options.dbUser() + "'@'" + host + "'");
            }
        }
    }
}
