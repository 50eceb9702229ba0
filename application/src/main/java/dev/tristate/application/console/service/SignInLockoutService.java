package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.RecentSignInLockoutsQuery;
import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase;
import dev.tristate.application.console.port.in.RecordSignInUseCase;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.PageRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

class SignInLockoutService implements RecordSignInLockoutUseCase, RecentSignInLockoutsQuery, RecordSignInUseCase {

    private final AuditTrail audit;
    private final Transactions transactions;
    private final Clock clock;

    SignInLockoutService(AuditTrail audit, Transactions transactions, Clock clock) {
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public void recordLockout(SignInLockout lockout) {
        Instant now = clock.instant();
        AuditEntry entry = new AuditEntry(new ActionKey("lockout-" + UUID.randomUUID()), AUDIT_OPERATOR,
                AUDIT_ACTION, AUDIT_SUBJECT, lockout.username(), null, "LOCKED", lockout.failures()
                + " failed sign-ins from " + lockout.clientAddress() + "; next try after "
                + now.plus(lockout.delay()), now);
        transactions.inTransaction((Runnable) () -> audit.record(entry));
    }

    @Override
    public void recordSignIn(String username, String clientAddress) {
        AuditEntry entry = new AuditEntry(new ActionKey("sign-in-" + UUID.randomUUID()), username,
                RecordSignInUseCase.SIGN_IN_ACTION, AUDIT_SUBJECT, username, null, "SIGNED_IN",
                "from " + clientAddress, clock.instant());
        transactions.inTransaction((Runnable) () -> audit.record(entry));
    }

    @Override
    public List<AuditEntry> recentLockouts(Duration within, int limit) {
        Instant since = clock.instant().minus(within);
        return audit.search(new AuditTrail.Filter(null, AUDIT_ACTION, null), new PageRequest(0, limit)).items()
                .stream().filter(e -> !e.at().isBefore(since)).toList();
    }
}
