package dev.tristate.application.reconciliation.port.in;

import java.util.List;
import java.util.stream.Collectors;

/** A statement that cannot be read as a whole; nothing was stored. Each problem names its line (0: the file). */
public final class StatementRejected extends RuntimeException {

    private final List<Problem> problems;

    public StatementRejected(List<Problem> problems) {
        super("statement rejected: " + problems.stream().map(Problem::toString).collect(Collectors.joining("; ")));
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }

    /** One problem: the line (1 is the header, 0 the whole file), the column (or null) and what is wrong. */
    public record Problem(int line, String column, String message) {
        @Override
        public String toString() {
            return (line == 0 ? "file" : "line " + line) + (column == null ? "" : ", " + column) + ": " + message;
        }
    }
}
