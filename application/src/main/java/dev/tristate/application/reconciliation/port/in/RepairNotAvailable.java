package dev.tristate.application.reconciliation.port.in;

/** The discrepancy's repair needs a ledger this build does not have (entitlements, refunds). */
public final class RepairNotAvailable extends RuntimeException {

    public RepairNotAvailable(String message) {
        super(message);
    }
}
