package dev.tristate.application.service;

import dev.tristate.application.port.in.ActionResult;
import dev.tristate.application.port.in.NotPermitted;
import dev.tristate.application.port.out.AuditTrail;
import dev.tristate.application.port.out.PersistenceFailure;
import dev.tristate.application.port.out.Transactions;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Operator;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;

/**
 * How every operator action runs: its effect and its audit entry in one transaction, the entry written last under the
 * action's unique key. A second submission of the same action finds the key taken; its transaction (effect included)
 * rolls back and it gets the first submission's entry instead: the action happened once. Two submissions racing meet
 * at the key too: the second waits on the first's uncommitted row, then fails on it.
 */
final class AuditedActions {

    /** What an action did: a result word (REPLAYED, NOT_QUARANTINED ...) and a detail line; no secret ever. */
    record Outcome(String result, String detail) {
    }

    /** One action to run: who, what, on what, why. */
    record Action(ActionKey key, Operator operator, String action, String subjectType, String subjectId,
                  String reason) {
    }

    private final AuditTrail audit;
    private final Transactions transactions;
    private final Clock clock;

    AuditedActions(AuditTrail audit, Transactions transactions, Clock clock) {
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
    }

    static void requireRepairRole(Operator operator, String action) {
        if (!operator.mayRepair()) {
            throw new NotPermitted(operator.username() + " (" + operator.role() + ") may not " + action);
        }
    }

    /** Records one part of a bulk action inside the bulk action's transaction. */
    void recordPart(Action part, Instant now, Outcome outcome) {
        audit.record(new AuditEntry(part.key(), part.operator().username(), part.action(), part.subjectType(),
                part.subjectId(), part.reason(), outcome.result(), outcome.detail(), now));
    }

    /** Runs the effect (given the action's time) and records it, once per action key. */
    ActionResult run(Action action, Function<Instant, Outcome> effect) {
        try {
            return transactions.inTransaction(() -> {
                Instant now = clock.instant();
                Outcome outcome = effect.apply(now);
                AuditEntry entry = new AuditEntry(action.key(), action.operator().username(), action.action(),
                        action.subjectType(), action.subjectId(), action.reason(), outcome.result(),
                        outcome.detail(), now);
                audit.record(entry);
                return new ActionResult(entry, false);
            });
        } catch (PersistenceFailure.AlreadyExists e) {
            // Either the action key was used (a repeat: answer with what the first submission did) or the effect
            // itself hit a unique key, which the effect reports as an outcome before it gets here, so: a repeat.
            return audit.findByActionKey(action.key())
                    .map(first -> new ActionResult(first, true))
                    .orElseThrow(() -> e);
        }
    }
}
