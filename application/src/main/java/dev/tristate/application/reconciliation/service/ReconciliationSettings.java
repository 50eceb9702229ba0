package dev.tristate.application.reconciliation.service;

import java.time.Duration;

/**
 * How reconciliation works: the window before a day's end within which a gap may only be timing (held in the pool
 * and decided by the next day's run), the largest statement accepted, and whether a run applies each discrepancy's
 * repair itself (otherwise operators apply them).
 */
public record ReconciliationSettings(Duration edgeWindow, long maxStatementBytes, boolean autoRepair) {
    public ReconciliationSettings {
        if (edgeWindow == null || edgeWindow.isNegative() || edgeWindow.compareTo(Duration.ofHours(12)) > 0) {
            throw new IllegalArgumentException("the reconciliation edge window must be between 0 and 12h: "
                    + edgeWindow);
        }
        if (maxStatementBytes < 1) {
            throw new IllegalArgumentException("the largest statement must be at least one byte");
        }
    }
}
