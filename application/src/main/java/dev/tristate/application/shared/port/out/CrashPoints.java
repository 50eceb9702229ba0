package dev.tristate.application.shared.port.out;

/**
 * Named places where a crash must be survivable (crash points C1-C6 in docs/design.md). Production passes through; fault tests plug in
 * an implementation that stops the work there (or the JVM), to prove that nothing is lost or doubled.
 */
public interface CrashPoints {

    /** C1: callback, after the state change and outbox insert, before COMMIT. */
    String C1_BEFORE_COMMIT = "C1";
    /** C2: callback, after COMMIT, before the answer to the channel. */
    String C2_BEFORE_ANSWER = "C2";
    /** C3: outbox relay, after the claim committed, before publishing. */
    String C3_AFTER_CLAIM = "C3";
    /** C4: outbox relay, after the broker confirmed, before the rows are marked SENT. */
    String C4_BEFORE_MARK_SENT = "C4";
    /** C5: consumer, after its business transaction committed, before the message is acknowledged. */
    String C5_BEFORE_ACK = "C5";
    /** C6: task, after the downstream side effect succeeded, before the task is marked done. */
    String C6_BEFORE_TASK_DONE = "C6";

    CrashPoints NONE = point -> { };

    void reached(String point);
}
