package dev.tristate.application.resolution.service;

import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases.Attempt;
import dev.tristate.application.resolution.port.out.ResolutionCases.Completion;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.service.CaseOutcome.AskAgain;
import dev.tristate.application.resolution.service.CaseOutcome.AskAgainAt;
import dev.tristate.application.resolution.service.CaseOutcome.Settled;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.resolution.ResolutionStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Writes a worked case back, in one transaction and only while its lease is still ours: the case's new state, the
 * query in its history, and, once resolved, its unknown outcomes closed in the ledger. The retry schedule lives here:
 * a case without a final answer is asked again after the channel's next delay, and flagged, never failed, once the
 * schedule is used up.
 */
final class CaseWriteBack {

    private final ResolutionCases cases;
    private final UnknownOutcomeLedger ledger;
    private final Transactions transactions;
    private final Clock clock;
    private final ResolverSettings settings;

    CaseWriteBack(ResolutionCases cases, UnknownOutcomeLedger ledger, Transactions transactions, Clock clock,
                  ResolverSettings settings) {
        this.cases = cases;
        this.ledger = ledger;
        this.transactions = transactions;
        this.clock = clock;
        this.settings = settings;
    }

    Fate write(CaseOutcome outcome) {
        if (outcome instanceof Settled settled) {
            return settle(settled, clock.instant().truncatedTo(ChronoUnit.MICROS));
        }
        if (outcome instanceof AskAgain again) {
            return askAgainOrFlag(again);
        }
        return askAgainAt((AskAgainAt) outcome);
    }

    private Fate settle(Settled settled, Instant at) {
        WorkedCase work = settled.work();
        String detail = settled.detail() + work.askedBy();
        Fate fate = settled.status() == ResolutionStatus.RESOLVED ? Fate.RESOLVED : Fate.FLAGGED;
        return complete(work, new Completion(settled.status(), work.attempt(), null,
                settled.answer() + ": " + detail, at), attempt(work, at, settled.answer(), settled.effect(), detail),
                fate);
    }

    private Fate askAgainOrFlag(AskAgain again) {
        WorkedCase work = again.work();
        Optional<Duration> delay = settings.scheduleFor(work.claimed().channel()).delayAfter(work.attempt());
        if (delay.isPresent()) {
            String detail = again.detail() + work.askedBy();
            return complete(work, new Completion(ResolutionStatus.OPEN, work.attempt(),
                    again.askedAt().plus(delay.get()), again.answer() + ": " + detail, again.askedAt()),
                    attempt(work, again.askedAt(), again.answer(), again.effect(), detail), Fate.RESCHEDULED);
        }
        // Out of patience is not evidence: the payment keeps its state, a person takes the case.
        return settle(Settled.flagged(work, again.answer(), again.effect(), "query schedule used up after "
                + work.attempt() + " queries; last: " + again.detail()), again.askedAt());
    }

    private Fate askAgainAt(AskAgainAt later) {
        WorkedCase work = later.work();
        return complete(work, new Completion(ResolutionStatus.OPEN, work.claimed().attempts(), later.dueAt(),
                later.answer() + ": " + later.why() + work.askedBy(), later.askedAt()),
                attempt(work, later.askedAt(), later.answer(), CaseOutcome.NO_EFFECT, later.detail() + work.askedBy()),
                Fate.RESCHEDULED);
    }

    private static Attempt attempt(WorkedCase work, Instant askedAt, String answer, String effect, String detail) {
        return new Attempt(work.claimed().tenantId(), work.claimed().paymentId(), work.attempt(), askedAt, answer,
                effect, detail);
    }

    private Fate complete(WorkedCase work, Completion completion, Attempt attempt, Fate fate) {
        return transactions.inTransaction(() -> {
            if (!cases.complete(work.claimed().paymentId(), work.lease(), completion)) {
                work.audit().record(AskChannelUseCase.ANSWERED, "case taken over by another resolver meanwhile; "
                        + completion.lastResult(), completion.at());
                return Fate.LOST_LEASE;
            }
            work.audit().record(AskChannelUseCase.ANSWERED, "case " + completion.status() + "; "
                    + completion.lastResult(), completion.at());
            cases.recordAttempt(attempt);
            if (completion.status() == ResolutionStatus.RESOLVED) {
                ledger.resolve(work.claimed().tenantId(), work.claimed().paymentId(), completion.lastResult(),
                        completion.at());
            }
            return fate;
        });
    }
}
