package dev.tristate.domain;

import java.util.regex.Pattern;

/** Shared checks for the string identifiers that cross the system's boundaries. */
public final class Identifiers {

    private static final Pattern PRINTABLE_ASCII = Pattern.compile("[\\x20-\\x7E]+");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_\\-.:]+");

    private Identifiers() {
    }

    /** A non-blank identifier of printable ASCII, at most {@code max} characters. */
    public static String printable(String what, String value, int max) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " is required");
        }
        if (value.length() > max) {
            throw new IllegalArgumentException(what + " is longer than " + max + " characters");
        }
        if (!PRINTABLE_ASCII.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " must be printable ASCII");
        }
        return value;
    }

    /** A token of letters, digits and {@code _-.:}, at most {@code max} characters. */
    public static String token(String what, String value, int max) {
        printable(what, value, max);
        if (!TOKEN.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " may hold only letters, digits and _-.: characters");
        }
        return value;
    }
}
