package dev.tristate.application.reconciliation.port.in;

/** No such run or discrepancy for the calling tenant (another tenant's is not said). */
public final class ReconciliationNotFound extends RuntimeException {

    public ReconciliationNotFound(String message) {
        super(message);
    }
}
