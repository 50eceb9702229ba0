package dev.tristate.bootstrap.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A corpus of raw HTTP requests kept as text (see the header of {@code fuzz/merchant-api.cases} for the format): one
 * case per {@code ### name} block, placeholders filled in when a case is sent. Adding a case needs no code.
 */
final class FuzzCorpus {

    private static final String CRLF = "\r\n";

    /**
     * One request as written in the corpus; {@code slowPause} is null for a request sent at once; {@code mayClose}
     * when the server may close the connection without an answer (a request that is not HTTP/1.x at all).
     */
    record Case(String name, Duration slowPause, boolean mayClose, List<String> head, List<String> body) {

        /** The request target of the first line as written, placeholders included. */
        String target() {
            String[] parts = head.isEmpty() ? new String[0] : head.get(0).split(" ");
            return parts.length > 1 ? parts[1] : "";
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A case's bytes: the head (request line, headers and the empty line) and the body. */
    record Request(byte[] head, byte[] body) {
        byte[] all() {
            byte[] all = Arrays.copyOf(head, head.length + body.length);
            System.arraycopy(body, 0, all, head.length, body.length);
            return all;
        }
    }

    private FuzzCorpus() {
    }

    static List<Case> load(String resource) {
        String text;
        try (InputStream in = FuzzCorpus.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no corpus " + resource);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> cases = new ArrayList<>();
        String name = null;
        Duration slow = null;
        boolean mayClose = false;
        List<String> lines = new ArrayList<>();
        for (String raw : text.split("\n", -1)) {
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            if (line.startsWith("### ")) {
                if (name != null) {
                    cases.add(toCase(name, slow, mayClose, lines));
                }
                name = line.substring(4).trim();
                slow = null;
                mayClose = false;
                lines = new ArrayList<>();
            } else if (name != null && lines.isEmpty() && line.startsWith("#> slow ")) {
                slow = Duration.ofMillis(Long.parseLong(line.substring(8).trim()));
            } else if (name != null && lines.isEmpty() && line.equals("#> may-close")) {
                mayClose = true;
            } else if (name != null) {
                lines.add(line);
            }
        }
        if (name != null) {
            cases.add(toCase(name, slow, mayClose, lines));
        }
        return cases;
    }

    private static Case toCase(String name, Duration slow, boolean mayClose, List<String> lines) {
        List<String> trimmed = new ArrayList<>(lines);
        while (!trimmed.isEmpty() && trimmed.get(trimmed.size() - 1).isEmpty()) {
            trimmed.remove(trimmed.size() - 1);
        }
        int blank = trimmed.indexOf("");
        List<String> head = blank < 0 ? trimmed : trimmed.subList(0, blank);
        List<String> body = blank < 0 ? List.of() : trimmed.subList(blank + 1, trimmed.size());
        if (head.isEmpty()) {
            throw new IllegalArgumentException("case '" + name + "' has no request line");
        }
        return new Case(name, slow, mayClose, List.copyOf(head), List.copyOf(body));
    }

    /** The case's bytes with {@code values} (and the built-in placeholders) filled in. */
    static Request expand(Case c, Map<String, String> values) {
        Map<String, String> all = new HashMap<>(values);
        all.put("uuid", UUID.randomUUID().toString());
        byte[] body = fill(String.join(CRLF, c.body()), all);
        all.put("length", Integer.toString(body.length));
        byte[] head = fill(String.join(CRLF, c.head()) + CRLF + CRLF, all);
        return new Request(head, body);
    }

    /** Text as UTF-8 with every {@code {{...}}} replaced; an unknown placeholder is an error in the corpus. */
    static byte[] fill(String text, Map<String, String> values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < text.length()) {
            int open = text.indexOf("{{", at);
            int close = open < 0 ? -1 : text.indexOf("}}", open + 2);
            if (open < 0 || close < 0) {
                out.writeBytes(text.substring(at).getBytes(StandardCharsets.UTF_8));
                break;
            }
            out.writeBytes(text.substring(at, open).getBytes(StandardCharsets.UTF_8));
            out.writeBytes(placeholder(text.substring(open + 2, close), values));
            at = close + 2;
        }
        return out.toByteArray();
    }

    private static byte[] placeholder(String name, Map<String, String> values) {
        if (name.startsWith("x:")) {
            return new byte[] {(byte) Integer.parseInt(name.substring(2), 16)};
        }
        if (name.equals("crlf")) {
            return CRLF.getBytes(StandardCharsets.US_ASCII);
        }
        if (name.startsWith("repeat:") || name.startsWith("repeatx:")) {
            String[] parts = name.split(":", 3);
            int times = Integer.parseInt(parts[1]);
            byte[] unit = name.startsWith("repeatx:") ? new byte[] {(byte) Integer.parseInt(parts[2], 16)}
                    : parts[2].getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream out = new ByteArrayOutputStream(unit.length * times);
            for (int i = 0; i < times; i++) {
                out.writeBytes(unit);
            }
            return out.toByteArray();
        }
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("unknown placeholder {{" + name + "}}");
        }
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
