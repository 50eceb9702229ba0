package dev.tristate.application.resolution.service;

import dev.tristate.domain.resolution.ResolutionStatus;
import java.time.Instant;
import java.util.Objects;

/**
 * What a worked case becomes, as its resolver decided from the channel's answer; {@link CaseWriteBack} writes it back
 * while the lease is still held. {@code answer} is what the channel said, {@code effect} what that did to the payment
 * or refund, {@code detail} why; who asked is added on writing.
 */
sealed interface CaseOutcome permits CaseOutcome.Settled, CaseOutcome.AskAgain, CaseOutcome.AskAgainAt {

    /** The answer of a case decided without asking the channel. */
    String NOT_ASKED = "NOT_ASKED";
    /** The effect of an answer that changed nothing. */
    String NO_EFFECT = "NONE";

    WorkedCase work();

    /** What the channel said ({@link #NOT_ASKED} when it was not asked). */
    String answer();

    /** The case is done: RESOLVED (the channel told us what happened) or FLAGGED (a person decides). */
    record Settled(WorkedCase work, ResolutionStatus status, String answer, String effect, String detail)
            implements CaseOutcome {
        public Settled {
            Objects.requireNonNull(work, "work");
            if (status != ResolutionStatus.RESOLVED && status != ResolutionStatus.FLAGGED) {
                throw new IllegalArgumentException("a settled case is RESOLVED or FLAGGED, not " + status);
            }
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(effect, "effect");
            Objects.requireNonNull(detail, "detail");
        }

        static Settled resolved(WorkedCase work, String answer, String effect, String detail) {
            return new Settled(work, ResolutionStatus.RESOLVED, answer, effect, detail);
        }

        static Settled flagged(WorkedCase work, String answer, String effect, String detail) {
            return new Settled(work, ResolutionStatus.FLAGGED, answer, effect, detail);
        }
    }

    /** No final answer yet: the channel is asked again per its schedule, and the case flagged once that is used up. */
    record AskAgain(WorkedCase work, Instant askedAt, String answer, String effect, String detail)
            implements CaseOutcome {
        public AskAgain {
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(askedAt, "asked at");
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(effect, "effect");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * The answer can change only at {@code dueAt} (a payment not yet expired): asked again then, which costs no
     * attempt of the schedule. {@code why} is the case's last result, {@code detail} the query's.
     */
    record AskAgainAt(WorkedCase work, Instant askedAt, Instant dueAt, String answer, String why, String detail)
            implements CaseOutcome {
        public AskAgainAt {
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(askedAt, "asked at");
            Objects.requireNonNull(dueAt, "due at");
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /** The outcome of a question the channel did not answer; {@code asked} is anything but an answer. */
    static CaseOutcome withoutAnswer(WorkedCase work, Asked<?> asked) {
        if (asked instanceof Asked.NoAnswer<?> noAnswer) {
            return new AskAgain(work, noAnswer.askedAt(), noAnswer.kind(), NO_EFFECT, noAnswer.detail());
        }
        if (asked instanceof Asked.NotAsked<?> notAsked) {
            return Settled.flagged(work, NOT_ASKED, NO_EFFECT, notAsked.why());
        }
        throw new IllegalArgumentException("the channel answered: " + asked);
    }
}
