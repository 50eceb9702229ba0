package dev.tristate.adapter.in.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/**
 * The sentences that data carries onto the pages (a review case's detail, a discrepancy's, a repair's result, an audit
 * entry's, a durability reason, a timeline entry's), in the person's language. The services write them in English and
 * many are stored so; each known sentence is recognised here by its {@link KnownText} and shown through the bundles'
 * {@code text.<key>} with the parts it carries (amounts, ids, codes) as arguments, codes themselves in words through
 * {@link ConsoleCodes}. Rows written long ago read in Chinese too, and nothing stored changes. A text is read as parts
 * joined by {@code "; "}; a part that no pattern knows (an error from a network, a person's own words) is shown as
 * received. English pages show the sentence as written; the English bundle holds each sentence too, so that both
 * bundles name the same keys and a test can check each pattern against its words. Templates reach it as
 * {@code @consoleTexts}.
 */
@Component("consoleTexts")
public class ConsoleTexts {

    private static final String SEPARATOR = "; ";
    private static final Pattern LINKED_CASE = Pattern.compile("left alone: review case #(\\d+) ");

    private final MessageSource messages;
    private final ConsoleCodes codes;

    ConsoleTexts(MessageSource messages, ConsoleCodes codes) {
        this.messages = messages;
        this.codes = codes;
    }

    /** The text in the person's words; null stays null, and a text no pattern knows is shown as it is. */
    public String text(String text, Locale locale) {
        // The services write English: an English page shows their sentence exactly as written.
        if (text == null || text.isEmpty() || Locale.ENGLISH.getLanguage().equals(locale.getLanguage())) {
            return text;
        }
        List<String> parts = new ArrayList<>();
        for (String part : text.split(SEPARATOR, -1)) {
            parts.add(part(part, locale));
        }
        return String.join(messages.getMessage("text.separator", null, SEPARATOR, locale), parts);
    }

    private String part(String part, Locale locale) {
        for (KnownText known : KnownText.ALL) {
            Matcher m = known.pattern().matcher(part);
            if (m.matches()) {
                Object[] args = new Object[m.groupCount()];
                for (int i = 0; i < args.length; i++) {
                    args[i] = argument(known.argument(i), m.group(i + 1), locale);
                }
                return messages.getMessage("text." + known.key(), args, part, locale);
            }
        }
        return part;
    }

    private String argument(String kind, String value, Locale locale) {
        if (value == null || kind.isEmpty()) {
            return value;
        }
        if (kind.equals(KnownText.NESTED)) {
            return text(value, locale);
        }
        return codes.text(kind, value, locale);
    }

    /** The review case a repair's result links its finding to ({@code left alone: review case #N ...}), or null. */
    public Long linkedReviewCase(String text) {
        Matcher m = text == null ? null : LINKED_CASE.matcher(text);
        return m != null && m.find() ? Long.valueOf(m.group(1)) : null;
    }

    /** The key of the first pattern that knows the part, if one does (for tests that look for unknown sentences). */
    static Optional<String> keyOf(String part) {
        return KnownText.ALL.stream().filter(k -> k.pattern().matcher(part).matches()).map(KnownText::key)
                .findFirst();
    }
}
