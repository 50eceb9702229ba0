package dev.tristate.simulator.stripe;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A request's parameters in Stripe's form encoding, where brackets nest ({@code metadata[out_trade_no]=...},
 * {@code line_items[0][price_data][currency]=usd}, {@code expand[]=data.source}), read into maps and lists. The
 * flat, decoded pairs are kept too: Stripe compares them to decide whether a request under a known
 * {@code Idempotency-Key} is the same request.
 */
final class Params {

    private static final int MAX_METADATA_KEYS = 50;

    private final Map<String, Object> tree;
    private final List<String> pairs;
    private final String prefix;

    private Params(Map<String, Object> tree, List<String> pairs, String prefix) {
        this.tree = tree;
        this.pairs = pairs;
        this.prefix = prefix;
    }

    /** Parses {@code a=1&b[c]=2...}; a malformed pair is a 400 naming it. */
    static Params parse(String encoded) {
        Map<String, Object> root = new LinkedHashMap<>();
        List<String> pairs = new ArrayList<>();
        if (encoded != null && !encoded.isEmpty()) {
            for (String pair : encoded.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String key = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                pairs.add(key + "=" + value);
                put(root, key, value);
            }
        }
        return new Params(listsWhereIndexed(root), List.copyOf(pairs), "");
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            throw StripeApiError.invalid(null, "The request could not be decoded.");
        }
    }

    @SuppressWarnings("unchecked")
    private static void put(Map<String, Object> root, String key, String value) {
        List<String> path = new ArrayList<>();
        int open = key.indexOf('[');
        path.add(open < 0 ? key : key.substring(0, open));
        while (open >= 0) {
            int close = key.indexOf(']', open);
            if (close < 0) {
                throw StripeApiError.invalid(key, "Invalid parameter name: " + key);
            }
            path.add(key.substring(open + 1, close));
            open = key.indexOf('[', close);
        }
        Map<String, Object> node = root;
        for (int i = 0; i < path.size(); i++) {
            String part = path.get(i).isEmpty() ? String.valueOf(node.size()) : path.get(i);
            if (i == path.size() - 1) {
                node.put(part, value);
            } else {
                Object child = node.computeIfAbsent(part, absent -> new LinkedHashMap<String, Object>());
                if (!(child instanceof Map)) {
                    throw StripeApiError.invalid(key, "Invalid parameter name: " + key);
                }
                node = (Map<String, Object>) child;
            }
        }
    }

    /** A map whose keys are all indices (0, 1, ...) is a list, as Stripe reads {@code a[0]} and {@code a[]}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> listsWhereIndexed(Map<String, Object> map) {
        Map<String, Object> result = new LinkedHashMap<>();
        map.forEach((key, value) -> result.put(key, value instanceof Map<?, ?> child
                ? asListIfIndexed(listsWhereIndexed((Map<String, Object>) child)) : value));
        return result;
    }

    private static Object asListIfIndexed(Map<String, Object> map) {
        if (map.isEmpty() || !map.keySet().stream().allMatch(key -> key.matches("[0-9]{1,4}"))) {
            return map;
        }
        TreeMap<Integer, Object> ordered = new TreeMap<>();
        map.forEach((key, value) -> ordered.put(Integer.parseInt(key), value));
        return new ArrayList<>(ordered.values());
    }

    /** The decoded pairs, sorted: two requests with the same parameters have the same fingerprint. */
    String fingerprint() {
        return String.join("&", pairs.stream().sorted().toList());
    }

    boolean has(String name) {
        return tree.containsKey(name);
    }

    String string(String name) {
        Object value = tree.get(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String text)) {
            throw StripeApiError.invalid(label(name), "Invalid string: " + label(name));
        }
        return text;
    }

    String requiredString(String name) {
        String value = string(name);
        if (value == null || value.isEmpty()) {
            throw StripeApiError.missing(label(name));
        }
        return value;
    }

    Long longValue(String name) {
        String value = string(name);
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException notInteger) {
            throw StripeApiError.invalid(label(name), "Invalid integer: " + value);
        }
    }

    long requiredLong(String name) {
        Long value = longValue(name);
        if (value == null) {
            throw StripeApiError.missing(label(name));
        }
        return value;
    }

    /** The nested parameters under {@code name}; empty when absent. */
    @SuppressWarnings("unchecked")
    Params nested(String name) {
        Object value = tree.get(name);
        if (value == null) {
            return new Params(Map.of(), List.of(), label(name));
        }
        if (!(value instanceof Map)) {
            throw StripeApiError.invalid(label(name), "Invalid object: " + label(name));
        }
        return new Params((Map<String, Object>) value, List.of(), label(name));
    }

    /** The list under {@code name} as nested parameters each; empty when absent. */
    @SuppressWarnings("unchecked")
    List<Params> list(String name) {
        Object value = tree.get(name);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> items)) {
            throw StripeApiError.invalid(label(name), "Invalid array: " + label(name));
        }
        List<Params> result = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof Map)) {
                throw StripeApiError.invalid(label(name), "Invalid array: " + label(name));
            }
            result.add(new Params((Map<String, Object>) items.get(i), List.of(), label(name) + "[" + i + "]"));
        }
        return result;
    }

    /** The strings of a list such as {@code expand[]}; empty when absent. */
    List<String> strings(String name) {
        Object value = tree.get(name);
        if (value == null) {
            return List.of();
        }
        if (value instanceof String single) {
            return List.of(single);
        }
        if (!(value instanceof List<?> items) || !items.stream().allMatch(String.class::isInstance)) {
            throw StripeApiError.invalid(label(name), "Invalid array: " + label(name));
        }
        return items.stream().map(String.class::cast).toList();
    }

    /** Stripe's metadata: at most 50 keys of at most 40 characters, values of at most 500. */
    Map<String, String> metadata(String name) {
        Params metadata = nested(name);
        Map<String, String> result = new LinkedHashMap<>();
        for (String key : metadata.tree.keySet()) {
            String value = metadata.string(key);
            if (key.length() > 40 || value == null || value.length() > 500) {
                throw StripeApiError.invalid(metadata.label(key), "Metadata keys are at most 40 characters and "
                        + "values at most 500.");
            }
            if (!value.isEmpty()) {
                result.put(key, value);
            }
        }
        if (result.size() > MAX_METADATA_KEYS) {
            throw StripeApiError.invalid(label(name), "Metadata has at most 50 keys.");
        }
        return result;
    }

    private String label(String name) {
        return prefix.isEmpty() ? name : prefix + "[" + name + "]";
    }
}
