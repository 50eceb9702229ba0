package dev.tristate.application.resolution.service;

import java.time.Instant;
import java.util.Objects;

/** What came of one question to the channel, asked outside any transaction. */
sealed interface Asked<A> permits Asked.Answered, Asked.NotAsked, Asked.NoAnswer {

    /** The channel answered the question asked at {@code askedAt}. */
    record Answered<A>(A answer, Instant askedAt) implements Asked<A> {
        public Answered {
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(askedAt, "asked at");
        }
    }

    /** The channel could not be asked at all (no gateway, no account): a person has to look. */
    record NotAsked<A>(String why) implements Asked<A> {
        public NotAsked {
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * The channel gave no answer: {@code kind} is NO_ANSWER where it may have acted (a timeout is unknown, never "no")
     * and FAILED where it definitely refused the question.
     */
    record NoAnswer<A>(String kind, String detail, Instant askedAt) implements Asked<A> {
        public NoAnswer {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(askedAt, "asked at");
        }
    }
}
