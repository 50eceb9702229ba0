package dev.tristate.application.console.port.in;

import dev.tristate.domain.console.AuditEntry;
import java.time.Duration;
import java.util.List;

/** The sign-in lockouts of the last while, newest first, as the audit log holds them (for the dashboard). */
public interface RecentSignInLockoutsQuery {

    List<AuditEntry> recentLockouts(Duration within, int limit);
}
