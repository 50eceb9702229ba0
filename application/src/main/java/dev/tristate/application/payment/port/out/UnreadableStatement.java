package dev.tristate.application.payment.port.out;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A channel bill that cannot be read as a whole: it does not parse, is of another day or account, or is larger than
 * the limit. Refused whole, so that no run ever compares half a bill. Each problem names its line (0: the file).
 */
public final class UnreadableStatement extends RuntimeException {

    private final List<Problem> problems;

    public UnreadableStatement(List<Problem> problems) {
        super("unreadable statement: " + problems.stream().map(Problem::toString).collect(Collectors.joining("; ")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an unreadable statement names at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    public static UnreadableStatement of(int line, String column, String message) {
        return new UnreadableStatement(List.of(new Problem(line, column, message)));
    }

    public List<Problem> problems() {
        return problems;
    }

    /** One problem: the line (0 is the whole file), the column (or null) and what is wrong. */
    public record Problem(int line, String column, String message) {
        @Override
        public String toString() {
            return (line == 0 ? "file" : "line " + line) + (column == null ? "" : ", " + column) + ": " + message;
        }
    }
}
