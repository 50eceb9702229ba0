package dev.tristate.adapter.in.admin;

import java.util.List;

/**
 * The refusals the console shows as they were thrown: the messages of the exceptions its pages catch (a missing
 * record, an input a use case refuses, a statement the channel would not give) and why a repair failed. Each is a
 * {@link KnownText}, so that a zh-CN page reads it in Chinese; they are tried before the stored sentences, being
 * whole messages of their own.
 */
final class KnownRefusals {

    private KnownRefusals() {
    }

    static final List<KnownText> ALL = List.of(
            // a record the page names does not exist (NotFoundInConsole, PaymentNotFound)
            KnownText.k("refusal.noTenant", "no tenant (\\S+)"),
            KnownText.k("refusal.noDelivery", "no delivery (\\S+) of consumer (\\S+)"),
            KnownText.k("refusal.noTask", "no task (\\S+)"),
            KnownText.k("refusal.noDiscrepancy", "no discrepancy (\\d+) of tenant (\\S+)"),
            KnownText.k("refusal.noOutboxEvent", "no outbox event (\\S+)"),
            KnownText.k("refusal.noPaymentOfTenant", "no payment (\\S+) of tenant (\\S+)"),
            KnownText.k("refusal.noPayment", "no payment (\\S+)"),
            KnownText.k("refusal.noReviewCase", "no review case (\\d+)"),
            KnownText.k("refusal.noConsoleUser", "no console user (\\S+)"),
            KnownText.k("refusal.noRun", "no reconciliation run (\\d+) of tenant (\\S+)"),
            // an input a use case refuses (InvalidInput)
            KnownText.k("refusal.accountBound", "the (\\S+) account (.+) is bound to another tenant already"),
            KnownText.k("refusal.reasonRequired", "a reason is required \\(at least 3 characters\\)"),
            // a statement the channel would not give (StatementUnavailable)
            KnownText.k("refusal.noStatementGateway", "no gateway for channel (\\S+): this instance cannot read its"
                    + " statements"),
            KnownText.k("refusal.noStatementAccount", "tenant (\\S+) has no account at channel (\\S+)"),
            // why a repair failed, stored in its result after "failed: " (the reconciliation's repairs)
            KnownText.k("refusal.noGrantOwed", "the payment is ([A-Z][A-Z_]*) now: no grant is owed", "status"),
            KnownText.k("refusal.skuNoKind", "the sku (\\S+) names no entitlement kind"),
            KnownText.k("refusal.notByReview", "([A-Z][A-Z_]*) is not repaired by a review", "discrepancy"),
            KnownText.k("refusal.statementNotGiven", "the channel (\\S+) did not give its statement of (\\S+)"
                    + " \\((\\S+)\\): (.+)", "", "", "", KnownText.NESTED));
}
