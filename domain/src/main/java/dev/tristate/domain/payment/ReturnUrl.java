package dev.tristate.domain.payment;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where the channel sends the payer back to the merchant's shop after paying: an absolute http or https URL. Other
 * schemes are refused because the address ends up as a link or a redirect in front of the payer ({@code javascript:}
 * or {@code data:} would run in the channel's page).
 */
public record ReturnUrl(String value) {

    /** The longest address a payment keeps. */
    public static final int MAX_LENGTH = 512;

    public ReturnUrl {
        String problem = problem(value);
        if (problem != null) {
            throw new IllegalArgumentException("return url " + problem);
        }
    }

    /** Why {@code value} is not a return URL, in the merchant API's words; null when it is one. */
    public static String problem(String value) {
        if (value == null || value.isBlank()) {
            return "must not be blank";
        }
        if (value.length() > MAX_LENGTH) {
            return "must be at most " + MAX_LENGTH + " characters";
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            return "must be an absolute http or https URL";
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean web = scheme.equals("http") || scheme.equals("https");
        if (!web || uri.getHost() == null || uri.getHost().isEmpty()) {
            return "must be an absolute http or https URL";
        }
        return null;
    }

    /** The address, or null when {@code value} is null. */
    public static ReturnUrl ofNullable(String value) {
        return value == null ? null : new ReturnUrl(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
