package dev.tristate.adapter.in.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every English sentence the application module writes into data the console shows (an audit detail, a timeline or
 * case detail, a discrepancy, a repair result, a durability reason, a stored error) has a {@link KnownText} pattern,
 * so that zh-CN pages read it in Chinese. The sentences are found where they are written: each string literal of
 * application/src/main/java with two English words in a row must be words of some pattern, unless it is an exception's
 * message, a required argument's name, a log line, or one of the few literals listed in {@link #NOT_SHOWN} (words the
 * console never shows). The messages of the exceptions the console's pages show ({@link #SHOWN_REFUSALS}: a missing
 * record, a refused input, a statement not given), and those a reconciliation repair fails with, are sentences too
 * and need their pattern ({@link KnownRefusals}). A new sentence in a service fails here until it gets its pattern
 * and its {@code text.*} keys.
 */
class ProducedSentencesTest {

    private static final Path SOURCES = Path.of("..", "application", "src", "main", "java");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern TWO_WORDS = Pattern.compile("[a-z]{2,}[ ,]+[a-z]{2,}");
    private static final Pattern COMMENT = Pattern.compile("(?s)/\\*.*?\\*/");
    /** Statements whose words never become stored data: errors thrown, argument names, checks, log lines. */
    private static final Pattern NOT_DATA = Pattern.compile("throw new|Exception\\(|requireNonNull|requirePositive"
            + "|requireRepairRole|orElseThrow|NotFoundInConsole|NotPermitted|InvalidInput|ChangedMeanwhile"
            + "|FieldError|[lL]og\\.(warn|info|error|debug)|super\\(");
    /** The exceptions whose messages the console puts on a page (ConsoleModel, ReconciliationController). */
    private static final Pattern SHOWN_REFUSALS = Pattern.compile(
            "new (InvalidInput|NotFoundInConsole|PaymentNotFound|StatementUnavailable)\\(");
    /** A repair's failure is stored in its result ("... failed: " and the message), so its words are shown. */
    private static final Pattern REPAIR_FILE = Pattern.compile("\\w+Repair\\.java");
    /** Where an exception is made: the last one in a statement is the one its literal belongs to. */
    private static final Pattern ANY_EXCEPTION = Pattern.compile("new \\w+\\(|Exception\\(");
    private static final Pattern SHOWN_EXCEPTION_FILE = Pattern.compile(
            "(InvalidInput|NotFoundInConsole|PaymentNotFound|StatementUnavailable)\\.java");
    private static final String EDGES = " ;:,()…#[]";

    /** File name → literals whose words the console never shows, each with the reason why. */
    private static final Map<String, Set<String>> NOT_SHOWN = Map.of(
            // Answers to the merchant API's caller (HTTP 400/422 bodies), never stored.
            "PaymentRequestRules.java", Set.of("must be 1-64 printable ASCII characters",
                    "must be a positive integer (minor units)", "no payment channel is configured",
                    "must be one of: ", "must be an upper-case ISO 4217 currency code",
                    "must be a currency with minor units", "is required"),
            "CreateRefundService.java", Set.of(" of the captured ", " (minor units)"),
            // A tracing span's name.
            "TenantNotices.java", Set.of("tenant notice"));

    private static String core(String literal) {
        int from = 0;
        int to = literal.length();
        while (from < to && EDGES.indexOf(literal.charAt(from)) >= 0) {
            from++;
        }
        while (to > from && EDGES.indexOf(literal.charAt(to - 1)) >= 0) {
            to--;
        }
        return literal.substring(from, to).replace("\\\"", "\"");
    }

    /**
     * Whether the words of each part of the literal (parts as {@link ConsoleTexts} reads them, without the punctuation
     * that joins them to their values) are a pattern's words.
     */
    static boolean known(String literal) {
        return Stream.of(literal.split("; ")).map(ProducedSentencesTest::core).filter(part -> !part.isEmpty())
                .allMatch(part -> KnownText.ALL.stream()
                        .anyMatch(k -> k.pattern().pattern().replace("\\", "").contains(part)));
    }

    /**
     * Whether a literal in {@code statement} (the line and the two before it) of the file {@code name} is a sentence
     * the console shows: a shown exception's message always, other exceptions' messages and log lines never.
     */
    static boolean shown(String name, String statement) {
        Matcher made = ANY_EXCEPTION.matcher(statement);
        String last = null;
        while (made.find()) {
            last = made.group();
        }
        if (last != null && SHOWN_REFUSALS.matcher(last).matches()
                || REPAIR_FILE.matcher(name).matches() && "new IllegalStateException(".equals(last)
                || SHOWN_EXCEPTION_FILE.matcher(name).matches() && statement.contains("super(")) {
            return true;
        }
        return !NOT_DATA.matcher(statement).find();
    }

    @Test
    void everySentenceTheServicesWriteHasAPattern() throws IOException {
        List<String> unknown = new ArrayList<>();
        int sentences = 0;
        int refusals = 0;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = file.getFileName().toString();
                String[] lines = COMMENT.matcher(Files.readString(file))
                        .replaceAll(m -> "\n".repeat((int) m.group().chars().filter(c -> c == '\n').count()))
                        .split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    if (lines[i].strip().startsWith("//")) {
                        continue;
                    }
                    String statement = String.join(" ", List.of(lines).subList(Math.max(0, i - 2), i + 1));
                    Matcher m = LITERAL.matcher(lines[i]);
                    while (m.find()) {
                        String literal = m.group(1);
                        if (!TWO_WORDS.matcher(literal).find() || !shown(name, statement)
                                || NOT_SHOWN.getOrDefault(name, Set.of()).contains(literal)) {
                            continue;
                        }
                        sentences++;
                        refusals += NOT_DATA.matcher(statement).find() ? 1 : 0;
                        if (!known(literal)) {
                            unknown.add(name + ":" + (i + 1) + " \"" + literal + "\"");
                        }
                    }
                }
            }
        }
        assertThat(sentences).as("sentences found in " + SOURCES.toAbsolutePath()).isGreaterThan(100);
        assertThat(refusals).as("refusals found in " + SOURCES.toAbsolutePath()).isGreaterThan(10);
        assertThat(unknown).as("sentences with no KnownText pattern (add one, with text.* keys in both bundles)")
                .isEmpty();
    }

    @Test
    void theWordsOfAnUnknownSentenceAreFoundMissing() {
        assertThat(known("; previous key(s) valid until ")).isTrue();
        assertThat(known("the relay lost its temper: ")).isFalse();
        assertThat(known("not paid yet; the relay lost its temper")).isFalse();
    }

    @Test
    void aShownRefusalsMessageIsASentenceAndOtherExceptionsAreNot() {
        String refusal = "            throw new InvalidInput(\"the moon is not a tenant\");";
        assertThat(shown("TenantAdministrationService.java", refusal)).isTrue();
        assertThat(known("the moon is not a tenant")).isFalse();
        assertThat(shown("GetPaymentService.java", "    .orElseThrow(() -> new PaymentNotFound(\"lost\"));"))
                .isTrue();
        assertThat(shown("PaymentNotFound.java", "        super(\"no payment \" + paymentId);")).isTrue();
        assertThat(shown("Money.java", "        throw new IllegalArgumentException(\"no such money\");")).isFalse();
        assertThat(shown("DecideReviewCaseService.java", "new NotFoundInConsole(\"no review case \" + id)); if (no)"
                + " {  throw new IllegalArgumentException(\"a case does not allow it\");")).isFalse();
        assertThat(known("no discrepancy ")).isTrue();
        assertThat(shown("RegrantEntitlementRepair.java", "throw new IllegalStateException(\"the moon\");")).isTrue();
    }
}
