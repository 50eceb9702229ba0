package dev.tristate.domain.entitlement;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a SKU grants. The SKU's prefix names the kind: {@code course:<id>} (access to one course),
 * {@code membership:<n>d} (n days of membership, extending the current one), {@code tokens:<n>} (n tokens credited to
 * the user's ledger). A SKU of no known kind grants nothing: {@link #of} answers empty, and the caller decides what
 * that means (the entitlements consumer quarantines the event, so a person sees it).
 */
public sealed interface EntitlementKind {

    /** The longest membership one SKU may grant (about ten years). */
    int MAX_MEMBERSHIP_DAYS = 3_660;
    /** The most tokens one SKU may credit. */
    long MAX_TOKENS = 1_000_000_000L;

    /** The kind's name as stored. */
    String name();

    /** How many units it grants: 1 course, n days, n tokens. */
    long quantity();

    Pattern COURSE = Pattern.compile("course:([A-Za-z0-9_\\-.:]{1,120})");
    Pattern MEMBERSHIP = Pattern.compile("membership:([1-9][0-9]{0,3})d");
    Pattern TOKENS = Pattern.compile("tokens:([1-9][0-9]{0,9})");

    static Optional<EntitlementKind> of(String sku) {
        if (sku == null) {
            return Optional.empty();
        }
        Matcher course = COURSE.matcher(sku);
        if (course.matches()) {
            return Optional.of(new CourseAccess(course.group(1)));
        }
        Matcher membership = MEMBERSHIP.matcher(sku);
        if (membership.matches() && Integer.parseInt(membership.group(1)) <= MAX_MEMBERSHIP_DAYS) {
            return Optional.of(new MembershipDays(Integer.parseInt(membership.group(1))));
        }
        Matcher tokens = TOKENS.matcher(sku);
        if (tokens.matches() && Long.parseLong(tokens.group(1)) <= MAX_TOKENS) {
            return Optional.of(new TokenQuota(Long.parseLong(tokens.group(1))));
        }
        return Optional.empty();
    }

    /** Access to one course, for good. */
    record CourseAccess(String course) implements EntitlementKind {
        public CourseAccess {
            Objects.requireNonNull(course, "course");
        }

        @Override
        public String name() {
            return "COURSE";
        }

        @Override
        public long quantity() {
            return 1;
        }
    }

    /** Days of membership, added to the later of now and the current membership's end. */
    record MembershipDays(int days) implements EntitlementKind {
        public MembershipDays {
            if (days < 1 || days > MAX_MEMBERSHIP_DAYS) {
                throw new IllegalArgumentException("membership days must be 1-" + MAX_MEMBERSHIP_DAYS);
            }
        }

        @Override
        public String name() {
            return "MEMBERSHIP";
        }

        @Override
        public long quantity() {
            return days;
        }
    }

    /** Tokens credited to the user's token ledger. */
    record TokenQuota(long tokens) implements EntitlementKind {
        public TokenQuota {
            if (tokens < 1 || tokens > MAX_TOKENS) {
                throw new IllegalArgumentException("tokens must be 1-" + MAX_TOKENS);
            }
        }

        @Override
        public String name() {
            return "TOKENS";
        }

        @Override
        public long quantity() {
            return tokens;
        }
    }
}
