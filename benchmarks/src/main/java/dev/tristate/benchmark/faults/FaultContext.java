package dev.tristate.benchmark.faults;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * What a {@link FaultScenario} runs against: its own database and vhost, the instances it starts, the load it starts
 * once the first instance has created the schema (the tenant, its API key and sandbox account are provisioned then),
 * and the count of the faults it injects. Closing
 * it stops the instances and then whatever the scenario registered with {@link #onClose(AutoCloseable)} (a broker
 * node, a load balancer), last registered first.
 */
public final class FaultContext implements AutoCloseable {

    private final FaultOptions options;
    private final String scenario;
    private final String database;
    private final String masterKey;
    private final Path workDir;
    private volatile FaultDatabase db;
    /** The options naming the server that holds this scenario's database: the command's, or the scenario's own. */
    private volatile FaultOptions databaseServer;
    private final String runId;
    private final Random random;
    private final List<FaultInstance> instances = new ArrayList<>();
    private final Map<String, Integer> faults = new LinkedHashMap<>();
    private final Deque<AutoCloseable> cleanups = new ArrayDeque<>();
    private volatile FaultBroker broker;
    private volatile FaultLoad load;
    private volatile FaultRabbitNode ownNode;
    private volatile QueueDepth ownDepth;

    FaultContext(FaultOptions options, String scenario, FaultDatabase db, String runId, FaultBroker broker,
                 String masterKey, Path workDir, Random random) {
        this.options = options;
        this.scenario = scenario;
        this.database = db.name();
        this.db = db;
        this.databaseServer = options;
        this.runId = runId;
        this.broker = broker;
        this.masterKey = masterKey;
        this.workDir = workDir;
        this.random = random;
    }

    public FaultOptions options() {
        return options;
    }

    /** Whether this is the CI's short form: scenarios scale their faults and load down. */
    public boolean isShort() {
        return options.shortForm();
    }

    public Random random() {
        return random;
    }

    /** This scenario's directory for logs and data. */
    public Path workDir() {
        return workDir;
    }

    public String database() {
        return database;
    }

    public String jdbcUrl() {
        return databaseServer.jdbcUrl(database);
    }

    /**
     * This scenario's database on another server (e.g. a MariaDB server of the scenario's own, which it stops and
     * starts), with the command's database user and password: created there empty, and from now on the instances,
     * the load's tenant and the drain's checks use it. Call it before the first instance starts.
     */
    public synchronized void useDatabaseServer(String serverUrl) throws java.sql.SQLException {
        FaultOptions moved = options.withServerUrl(serverUrl);
        FaultDatabase there = new FaultDatabase(moved, database);
        there.create();
        this.db = there;
        this.databaseServer = moved;
    }

    public FaultBroker broker() {
        return broker;
    }

    /**
     * The broker the instances created from now on use, e.g. a node the scenario started itself (with a vhost of the
     * scenario's own: the context's vhost lives on the command's broker).
     */
    public void useBroker(FaultBroker other) {
        this.broker = other;
    }

    /** The scenario's own RabbitMQ node: the instances use its default vhost, and the drain reads its queue. */
    public void useBroker(FaultRabbitNode node) {
        this.ownNode = node;
        this.broker = node.broker();
    }

    /** How a scenario's broker that the context cannot ask itself (a cluster) tells a queue's depth. */
    @FunctionalInterface
    public interface QueueDepth {

        /** Messages ready or unacknowledged in {@code queue}; -1 when the queue is not there. */
        long messages(String queue) throws Exception;
    }

    /** A broker of the scenario's own, e.g. a cluster: the instances use it, and the drain asks {@code depth}. */
    public void useBroker(FaultBroker other, QueueDepth depth) {
        this.broker = other;
        this.ownDepth = depth;
    }

    /**
     * Messages ready or unacknowledged in {@code queue} on the scenario's broker and vhost (rabbitmqctl
     * list_queues); -1 when the queue is not there.
     */
    long queueDepth(String queue) throws Exception {
        QueueDepth depth = ownDepth;
        if (depth != null) {
            return depth.messages(queue);
        }
        FaultRabbitNode node = ownNode;
        if (node != null) {
            return node.messages(queue);
        }
        String listed = FaultShell.check(List.of(options.rabbitmqctl(), "-q", "list_queues", "-p", broker.vhost(),
                "name", "messages"), Map.of(), java.time.Duration.ofSeconds(60));
        return FaultRabbitNode.messagesIn(listed, queue);
    }

    /** A new instance (not started) against this scenario's database and broker; stopped when the context closes. */
    public synchronized FaultInstance newInstance(String name) throws Exception {
        FaultInstance instance = FaultInstance.create(name, options, jdbcUrl(), broker, masterKey, workDir);
        instances.add(instance);
        return instance;
    }

    /**
     * As {@link #newInstance(String)}, against this scenario's database through {@code jdbcUrl} (e.g. a proxy in
     * front of the server) and with more {@code --name=value} arguments for the application.
     */
    public synchronized FaultInstance newInstance(String name, String jdbcUrl, List<String> extraArgs)
            throws Exception {
        FaultInstance instance = FaultInstance.create(name, options, jdbcUrl, broker, masterKey, workDir, extraArgs);
        instances.add(instance);
        return instance;
    }

    public synchronized List<FaultInstance> instances() {
        return List.copyOf(instances);
    }

    /**
     * Provisions the tenant (in the tables the first instance's start has created) and starts the load against
     * {@code baseUrl} with {@code concurrency} workers, each a merchant and a channel in turn.
     */
    public synchronized FaultLoad startLoad(String baseUrl, int concurrency) throws Exception {
        return startLoad(baseUrl, concurrency, 0);
    }

    /** As {@link #startLoad(String, int)}, a channel storm ({@link FaultLoad#storm(int)}) when compression > 0. */
    public synchronized FaultLoad startLoad(String baseUrl, int concurrency, int stormCompression) throws Exception {
        if (load != null) {
            throw new IllegalStateException("the load is already running");
        }
        FaultDatabase.Tenant tenant = db.provision(runId, masterKey);
        FaultLoad started = new FaultLoad(tenant.id(), tenant.merchantId(), tenant.signingSecret(), tenant.apiKey(),
                concurrency, runId);
        started.target(baseUrl);
        started.storm(stormCompression);
        started.start();
        load = started;
        return started;
    }

    /** The load, once started; null before. */
    public FaultLoad load() {
        return load;
    }

    /** Counts one injected fault of the given kind, e.g. {@code SIGKILL}. */
    public synchronized void faultInjected(String kind) {
        faults.merge(kind, 1, Integer::sum);
    }

    public synchronized Map<String, Integer> faults() {
        return Map.copyOf(faults);
    }

    public synchronized int faultCount() {
        return faults.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Closed when the context closes, after the instances. */
    public synchronized void onClose(AutoCloseable resource) {
        cleanups.push(resource);
    }

    /** A line of progress, prefixed with the scenario's name. */
    public void say(String line) {
        System.out.println("[" + scenario + "] " + line);
        System.out.flush();
    }

    @Override
    public synchronized void close() {
        for (FaultInstance instance : instances) {
            instance.close();
        }
        while (!cleanups.isEmpty()) {
            try {
                cleanups.pop().close();
            } catch (Exception e) {
                say("clean-up failed: " + e);
            }
        }
    }
}
