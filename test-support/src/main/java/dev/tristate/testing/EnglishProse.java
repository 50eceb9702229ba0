package dev.tristate.testing;

import java.util.regex.Pattern;

/**
 * Finds English sentences in text that should read in another language: three or more lower-case English words in a
 * row ("channel reported 2.00 CNY" has two, "the payment is" three). Codes (SUCCEEDED), ids (pay_1,
 * entitlement-granted), amounts and single technical words pass, as they are the data, not the words around it.
 */
public final class EnglishProse {

    private static final Pattern WORDS = Pattern.compile("(?<![\\w.-])[a-z]{2,}(?:[ ,]+[a-z]{2,}(?![\\w.-])){2,}");

    private EnglishProse() {
    }

    public static boolean in(String text) {
        return text != null && WORDS.matcher(text).find();
    }

    /** The first English sentence found, for a failure message; empty when none. */
    public static String first(String text) {
        if (text == null) {
            return "";
        }
        var m = WORDS.matcher(text);
        return m.find() ? m.group() : "";
    }
}
