package dev.tristate.simulator.stripe;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Stripe's list pagination: newest first, {@code limit} (1 to 100, default 10), {@code starting_after} (the id of the
 * last item of the page before), {@code has_more}; {@code created[gte]} and {@code created[lt]} filter by unix time.
 */
final class Listing {

    private Listing() {
    }

    static <T> ObjectNode page(String url, List<T> items, Function<T, String> id, ToLongFunction<T> created,
                               Function<T, ObjectNode> render, Params params) {
        long limit = params.longValue("limit") == null ? 10 : params.longValue("limit");
        if (limit < 1 || limit > 100) {
            throw StripeApiError.invalid("limit", "This value must be between 1 and 100 (it currently is "
                    + limit + ").");
        }
        Params createdFilter = params.nested("created");
        Long gte = createdFilter.longValue("gte");
        Long lt = createdFilter.longValue("lt");
        List<T> filtered = items.stream()
                .filter(item -> gte == null || created.applyAsLong(item) >= gte)
                .filter(item -> lt == null || created.applyAsLong(item) < lt)
                .toList();
        // Newest first; the insertion order breaks ties, as Stripe's own order is stable.
        List<T> newestFirst = new java.util.ArrayList<>(filtered);
        java.util.Collections.reverse(newestFirst);
        newestFirst.sort((a, b) -> Long.compare(created.applyAsLong(b), created.applyAsLong(a)));
        int start = 0;
        String after = params.string("starting_after");
        if (after != null) {
            int index = newestFirst.stream().map(id).toList().indexOf(after);
            if (index < 0) {
                throw StripeApiError.noSuch("object", after, "starting_after");
            }
            start = index + 1;
        }
        List<T> page = newestFirst.subList(start, (int) Math.min(newestFirst.size(), start + limit));
        ObjectNode list = Json.object();
        list.put("object", "list");
        ArrayNode data = list.putArray("data");
        page.forEach(item -> data.add(render.apply(item)));
        list.put("has_more", start + page.size() < newestFirst.size());
        list.put("url", url);
        return list;
    }
}
