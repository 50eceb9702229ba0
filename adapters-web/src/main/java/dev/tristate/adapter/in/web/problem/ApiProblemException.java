package dev.tristate.adapter.in.web.problem;

import java.util.Objects;

/** Thrown by web adapters for a request they refuse themselves (a missing header, a body that is not JSON). */
public class ApiProblemException extends RuntimeException {

    private final Problem problem;

    public ApiProblemException(Problem problem) {
        super(problem.code() + ": " + problem.detail(), null, false, false);
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    public Problem problem() {
        return problem;
    }
}
