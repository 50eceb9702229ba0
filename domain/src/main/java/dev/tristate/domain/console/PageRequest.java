package dev.tristate.domain.console;

/** One page of a list in the console: page numbers start at 0; at most 200 rows a page. */
public record PageRequest(int page, int size) {
    public static final int MAX_SIZE = 200;

    public PageRequest {
        if (page < 0) {
            throw new IllegalArgumentException("a page number cannot be negative");
        }
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("a page has 1 to " + MAX_SIZE + " rows");
        }
    }

    public static PageRequest first(int size) {
        return new PageRequest(0, size);
    }

    public long offset() {
        return (long) page * size;
    }
}
