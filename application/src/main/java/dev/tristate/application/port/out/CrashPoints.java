package dev.tristate.application.port.out;

/**
 * Named places where a crash must be survivable (SYSTEM.md, C1-C6). Production passes through; fault tests plug in
 * an implementation that stops the work there (or the JVM), to prove that nothing is lost or doubled.
 */
public interface CrashPoints {

    /** C1: callback, after the state change and outbox insert, before COMMIT. */
    String C1_BEFORE_COMMIT = "C1";
    /** C2: callback, after COMMIT, before the answer to the channel. */
    String C2_BEFORE_ANSWER = "C2";

    CrashPoints NONE = point -> { };

    void reached(String point);
}
