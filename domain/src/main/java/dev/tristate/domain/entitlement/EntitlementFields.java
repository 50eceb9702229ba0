package dev.tristate.domain.entitlement;

import dev.tristate.domain.Identifiers;

/**
 * The rules for the two fields of a payment that its grant is made of, in one place: the entitlement's key takes the
 * user id and the SKU as printable ASCII ({@link EntitlementKey}), and the SKU must name an entitlement kind
 * ({@link EntitlementKind}). A payment that broke one would be paid for and then quarantined instead of granted, so
 * the merchant API checks every new payment with these methods before anything is created. The payment aggregate
 * does not enforce them: stored payments are read as they were kept.
 */
public final class EntitlementFields {

    public static final int MAX_USER_ID = 64;
    public static final int MAX_SKU = 128;

    private EntitlementFields() {
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

    private static String printableProblem(String value, int max) {
        try {
            Identifiers.printable("value", value, max);
            return null;
        } catch (IllegalArgumentException e) {
            return "must be 1-" + max + " printable ASCII characters";
        }
    }
}
