package dev.tristate.application.consumer.port.in;

/**
 * One round of the task runner: claims due tasks (compare-and-set, so runners in several processes never take the
 * same one), re-checks the payment, performs the side effect with the task key as Idempotency-Key, and records the
 * result (done, skipped, retried with backoff, or quarantined).
 */
public interface RunTasksUseCase {

    /** @return how many due tasks this round took */
    int runDue();
}
