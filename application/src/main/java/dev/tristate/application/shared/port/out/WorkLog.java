package dev.tristate.application.shared.port.out;

/**
 * What the people who run the system read about the work at hand: the ids it concerns, named on every line logged
 * while the work lasts, and a warning where someone should look. The application says what to log; the adapter says
 * how (the log's context and lines).
 */
public interface WorkLog {

    /** The MDC-style name of the tenant's id. */
    String TENANT_ID = "tenant_id";
    /** The MDC-style name of the payment's id. */
    String PAYMENT_ID = "payment_id";

    /** Logs nothing and names nothing. */
    WorkLog NONE = new WorkLog() {
        @Override
        public Scope about(String key, String value) {
            return () -> { };
        }

        @Override
        public void warn(String message) {
            // nothing logs
        }
    };

    /**
     * Names {@code value} under {@code key} on every line logged until the answer is closed; a null value names
     * nothing.
     */
    Scope about(String key, String value);

    /** A line at WARN, carrying the ids named so far. */
    void warn(String message);

    /** Where the naming ends: closing it takes the id off the lines logged afterwards. */
    interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
