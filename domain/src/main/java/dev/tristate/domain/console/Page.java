package dev.tristate.domain.console;

import java.util.List;
import java.util.Objects;

/** A page of a list and the size of the whole list, for paging links. */
public record Page<T>(List<T> items, PageRequest request, long total) {
    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(request, "page request");
        if (total < 0) {
            throw new IllegalArgumentException("a total cannot be negative");
        }
    }

    public boolean hasPrevious() {
        return request.page() > 0;
    }

    public boolean hasNext() {
        return request.offset() + items.size() < total;
    }

    public long totalPages() {
        return (total + request.size() - 1) / request.size();
    }
}
