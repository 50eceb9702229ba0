package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;
import dev.tristate.domain.entitlement.EntitlementKind;

/**
 * The rules a new payment's free-text fields meet, in one place: the stages after creation rely on them (the
 * entitlement's key takes the user id and the SKU as printable ASCII, and the SKU must name an entitlement kind), so a
 * payment that breaks one would be paid for and then quarantined. The merchant API checks every request with these
 * methods before anything is created and names the field. The aggregate itself does not enforce them: stored
 * payments are read as they were kept, so rows written before a rule existed still load.
 */
public final class NewPaymentFields {

    public static final int MAX_USER_ID = 64;
    public static final int MAX_SKU = 128;
    public static final int MAX_DESCRIPTION = 256;

    private NewPaymentFields() {
    }

    /** Why {@code userId} cannot be a new payment's user id, or null. */
    public static String userIdProblem(String userId) {
        return printableProblem(userId, MAX_USER_ID);
    }

    /** Why {@code sku} cannot be a new payment's SKU, or null. */
    public static String skuProblem(String sku) {
        String printable = printableProblem(sku, MAX_SKU);
        if (printable != null) {
            return printable;
        }
        return EntitlementKind.of(sku).isPresent() ? null
                : "must name an entitlement kind: course:<id>, membership:<days>d (at most "
                        + EntitlementKind.MAX_MEMBERSHIP_DAYS + ") or tokens:<count> (at most "
                        + EntitlementKind.MAX_TOKENS + ")";
    }

    /** Why {@code description} cannot be a new payment's description (optional), or null. */
    public static String descriptionProblem(String description) {
        return textProblem(description, MAX_DESCRIPTION);
    }

    /** Optional text of at most {@code max} characters with no control characters (line breaks included). */
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

    private static String printableProblem(String value, int max) {
        try {
            Identifiers.printable("value", value, max);
            return null;
        } catch (IllegalArgumentException e) {
            return "must be 1-" + max + " printable ASCII characters";
        }
    }
}
