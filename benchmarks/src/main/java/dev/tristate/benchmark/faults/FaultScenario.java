package dev.tristate.benchmark.faults;

/**
 * One fault family of the fault suite ({@code java -jar benchmarks.jar faults}): it starts the application through
 * the {@link FaultContext}, keeps the context's load running against it, injects its faults, and returns when the
 * load is over and the faults are healed, with the instances left running. The command then waits for the system to
 * drain, checks the invariants on the database ({@link FaultInvariants}) and stops what the context started.
 */
public interface FaultScenario {

    /** The name on the command line and in the table, e.g. {@code kill-storm}. */
    String name();

    /** One line: which faults it injects. */
    String description();

    /**
     * Drives the load and injects the faults. Each fault is counted with {@link FaultContext#faultInjected(String)};
     * an instance or broker that must be running for the drain is running when this returns.
     */
    void run(FaultContext context) throws Exception;
}
