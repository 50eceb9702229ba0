package dev.tristate.application.shared.service;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Operator;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * How every operator action runs: its effect and its audit entry in one transaction, the entry written last under the
 * action's unique key. A second submission of the same action finds the key taken; its transaction (effect included)
 * rolls back and it gets the first submission's entry instead: the action happened once. Two submissions racing meet
 * at the key too: the second waits on the first's uncommitted row, then fails on it.
 */
public final class AuditedActions {

    /** What an action did: a result word (REPLAYED, NOT_QUARANTINED ...) and a detail line; no secret ever. */
    public record Outcome(String result, String detail) {
    }

    /** One action to run: who, what, on what, why. */
    public record Action(ActionKey key, Operator operator, String action, String subjectType, String subjectId,
                  String reason) {

        /** The same action's entry for one of its steps (key {@code <key>:<step>}). */
        public Action step(String step) {
            return new Action(key.part(step), operator, action, subjectType, subjectId, reason);
        }

        public AuditEntry entry(Outcome outcome, Instant at) {
            return new AuditEntry(key, operator.username(), action, subjectType, subjectId, reason, outcome.result(),
                    outcome.detail(), at);
        }
    }

    /**
     * The audit entry of an action whose effect another use case applies in its own transactions: handed to it as an
     * {@link ActionAudit}, written by it inside the effect's transaction, and settled by {@link #settle} afterwards.
     */
    public final class InEffect implements ActionAudit {
        private final Action action;
        private volatile boolean written;
        private volatile boolean keyTaken;

        private InEffect(Action action) {
            this.action = action;
        }

        @Override
        public void record(String result, String detail, Instant at) {
            try {
                audit.record(action.entry(new Outcome(result, detail), at));
                written = true;
            } catch (PersistenceFailure.AlreadyExists e) {
                keyTaken = true;
                throw e;
            }
        }

        /** The use case's write met the key of an entry written before: this submission is a repeat. */
        public boolean keyTaken() {
            return keyTaken;
        }

        /** The entry as committed, if the use case wrote it and its transaction committed. */
        public Optional<AuditEntry> committed() {
            return written ? audit.findByActionKey(action.key()) : Optional.empty();
        }
    }

    public InEffect inEffect(Action action) {
        return new InEffect(action);
    }

    /**
     * After the use case returned: the entry it wrote in its effect's transaction; or, where the key was taken, the
     * first submission's entry (a repeat); or, where it wrote none (there was nothing to apply: already applied by
     * someone else ...), an entry of {@code otherwise} in a transaction of its own, which holds no effect.
     */
    public ActionResult settle(InEffect note, Function<Instant, Outcome> otherwise) {
        if (note.keyTaken) {
            return audit.findByActionKey(note.action.key()).map(first -> new ActionResult(first, true))
                    .orElseGet(() -> run(note.action, otherwise));
        }
        return note.committed().map(entry -> new ActionResult(entry, false))
                .orElseGet(() -> run(note.action, otherwise));
    }

    private final AuditTrail audit;
    private final Transactions transactions;
    private final Clock clock;

    public AuditedActions(AuditTrail audit, Transactions transactions, Clock clock) {
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
    }

    public static void requireRepairRole(Operator operator, String action) {
        if (!operator.mayRepair()) {
            throw new NotPermitted(operator.username() + " (" + operator.role() + ") may not " + action);
        }
    }

    /** The first answer to an action already recorded under this key: a resubmitted form is answered, not redone. */
    public Optional<ActionResult> repeated(ActionKey key) {
        return audit.findByActionKey(key).map(first -> new ActionResult(first, true));
    }

    /** Records one part of a bulk action inside the bulk action's transaction. */
    public void recordPart(Action part, Instant now, Outcome outcome) {
        audit.record(part.entry(outcome, now));
    }

    /** Runs the effect (given the action's time) and records it, once per action key. */
    public ActionResult run(Action action, Function<Instant, Outcome> effect) {
        try {
            return transactions.inTransaction(() -> {
                Instant now = clock.instant();
                Outcome outcome = effect.apply(now);
                AuditEntry entry = action.entry(outcome, now);
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
