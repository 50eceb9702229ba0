package dev.tristate.domain;

/**
 * Shared checks for the string identifiers that cross the system's boundaries. The character classes are checked
 * with a loop, not a regular expression: identifiers are built for every row the relay claims and several times per
 * callback, and a {@code Matcher} per check showed in the relay's profile.
 */
public final class Identifiers {

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
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                throw new IllegalArgumentException(what + " must be printable ASCII");
            }
        }
        return value;
    }

    /** A token of letters, digits and {@code _-.:}, at most {@code max} characters. */
    public static String token(String what, String value, int max) {
        printable(what, value, max);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                    || c == '-' || c == '.' || c == ':';
            if (!allowed) {
                throw new IllegalArgumentException(what + " may hold only letters, digits and _-.: characters");
            }
        }
        return value;
    }

    /** The 26 characters of a ULID: Crockford's base 32 in upper case, whose first character is at most 7. */
    public static String ulid(String what, String value) {
        if (value == null || value.length() != 26 || value.charAt(0) > '7') {
            throw new IllegalArgumentException(what + " must be a 26-character ULID");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean crockford = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z' && c != 'I' && c != 'L' && c != 'O'
                    && c != 'U');
            if (!crockford) {
                throw new IllegalArgumentException(what + " must be a 26-character ULID");
            }
        }
        return value;
    }

    /**
     * Why optional free text cannot be kept, or null: at most {@code max} characters and no control characters (line
     * breaks included), so that it shows as one line wherever it is passed on. Any other Unicode is fine.
     */
    public static String textProblem(String value, int max) {
        if (value == null) {
            return null;
        }
        if (value.length() > max) {
            return "must be at most " + max + " characters";
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                return "must not contain control characters";
            }
        }
        return null;
    }
}
