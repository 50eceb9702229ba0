package dev.tristate.sandbox;

import java.util.regex.Pattern;

/** The identifiers a channel accepts in URLs and bodies: letters, digits and {@code _-.:}, 1 to 64 of them. */
final class Tokens {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_\\-.:]{1,64}");

    private Tokens() {
    }

    static boolean isToken(String value) {
        return value != null && TOKEN.matcher(value).matches();
    }
}
