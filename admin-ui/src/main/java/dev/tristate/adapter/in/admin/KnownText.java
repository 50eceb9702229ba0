package dev.tristate.adapter.in.admin;

import dev.tristate.domain.console.ReviewDecision;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.regex.Pattern;

/**
 * One sentence the services write, as a whole-part pattern, the bundle key of its words ({@code text.<key>}) and, for
 * each group, how its value is shown: as it is (""), as a code of a {@link ConsoleCodes} group, or as a text of its
 * own ({@link #NESTED}). Order matters: the first pattern that matches wins, so the general ones come last.
 */
record KnownText(String key, Pattern pattern, List<String> arguments) {

    static final String NESTED = "text";
    private static final String CODE = "([A-Z][A-Z_]*)";

    String argument(int index) {
        return index < arguments.size() ? arguments.get(index) : "";
    }

    static KnownText k(String key, String regex, String... arguments) {
        return new KnownText(key, Pattern.compile(regex), List.of(arguments));
    }

    /**
     * The refusals first ({@link KnownRefusals}, {@link KnownFormRefusals}), then the sentences the services store.
     */
    static final List<KnownText> ALL = Stream.concat(Stream.concat(KnownRefusals.ALL.stream(),
            KnownFormRefusals.ALL.stream()), Stream.of(
            // durability posture (DurabilityPostureService)
            k("durability.unreadable", "the database settings could not be read: (.+)"),
            k("durability.h2", "the embedded H2 database does not force its file to disk at commit: a power loss can"
                    + " lose the last committed payments \\(use MySQL/MariaDB in production\\)"),
            k("durability.noRules", "no durability rules for (.+)"),
            k("durability.flushUnreported", "innodb_flush_log_at_trx_commit was not reported"),
            k("durability.flushRisk", "innodb_flush_log_at_trx_commit=(\\S+): the redo log is not flushed to disk at"
                    + " every commit, so a power loss or OS crash can lose about a second of committed payments"),
            k("durability.binlogRisk", "sync_binlog=(\\S+) with binary logging on: a power loss can lose committed"
                    + " transactions from the binary log, so a replica or a point-in-time recovery can miss payments"),
            k("durability.flushSafe", "innodb_flush_log_at_trx_commit=1: every commit is on disk before it is"
                    + " acknowledged"),
            k("durability.binlogSafe", "sync_binlog=1: the binary log is on disk at every commit too"),
            k("durability.binlogOff", "binary logging is off, so sync_binlog does not apply"),
            // why a notification was held or not applied (Payment.apply, the notification handler)
            k("anomaly.currency", "channel reported (\\S+), payment is in (\\S+)"),
            k("anomaly.tradeNo", "channel reported trade (\\S+), payment is bound to (\\S+)"),
            k("anomaly.successAfterClose", "channel reported success for trade (\\S+) on a closed payment"),
            k("anomaly.amount", "channel reported (.+), payment is for (.+)"),
            k("anomaly.boundElsewhere", "trade (\\S+) is bound to another payment"),
            k("anomaly.otherMerchant", "the payment belongs to another merchant"),
            k("anomaly.noSuchPayment", "no such payment for this merchant"),
            k("anomaly.otherChannel", "payment is paid through (\\S+)"),
            k("anomaly.statementOnly", "statement names no payment of ours: (.+)", NESTED),
            k("notification.already", "payment already " + CODE, "status"),
            k("notification.stale", CODE + " arrived after " + CODE, "status", "status"),
            k("notification.duplicate", "notification already received"),
            k("notification.notStatus", "not a payment status event"),
            k("notification.refundNotHere", "refund notifications are not applied here"),
            k("notification.noSuchRefund", "no such refund of this payment for this merchant"),
            // timeline entries (PaymentConsoleService, DownstreamTimeline)
            k("timeline.signature", "signature " + CODE),
            k("timeline.byNotification", "by notification #(\\d+)"),
            k("timeline.failedSends", "failed sends (\\d+)"),
            k("timeline.firstTry", "sent at the first try"),
            k("timeline.noFailedSend", "no failed send"),
            k("timeline.notRun", "not run yet"),
            k("timeline.runs", "runs (\\d+)"),
            k("timeline.attempts", "attempts (\\d+)"),
            k("timeline.noReason", "no reason given"),
            k("timeline.reason", "reason: (.+)"),
            k("timeline.channelRefund", "channel refund (\\S+)"),
            k("timeline.refundSettled", "(PENDING|SUCCEEDED|FAILED|UNKNOWN) at (\\S+)", "refundStatus"),
            k("timeline.refundMade", "refund (\\S+) at the channel for review case #(\\d+)"),
            // reconciliation: discrepancies (StatementComparison, the policies) and repairs
            k("recon.unknownTrade", "the channel lists trade (\\S+) \\((\\S+), (.+?)\\) for out_trade_no (\\S+),"
                    + " which names no payment of ours on (\\S+)"),
            k("recon.amount", "the channel lists (.+), the payment is for (.+)"),
            k("recon.paidThere", "the channel took (.+) \\(trade (\\S+) at (\\S+)\\), the payment is " + CODE,
                    "", "", "", "status"),
            k("recon.paidHere", "the payment is " + CODE + " \\(paid (\\S+)\\), the channel lists it " + CODE,
                    "status"),
            k("recon.status", "the payment is " + CODE + ", the channel lists it " + CODE, "status"),
            k("recon.notListed", "the payment is " + CODE + " \\((.+?), paid (\\S+), trade (\\S+)\\), the channel's"
                    + " statement of (\\S+) does not list it", "status"),
            k("recon.heldHere", "held since (\\S+) \\(paid near the day's end\\)"),
            k("recon.notListedEither", "the next statement does not list it as paid either"),
            k("recon.heldThere", "held since (\\S+) \\(paid at the channel near the day's end\\)"),
            k("recon.stillMissing", "the payment is still missing"),
            k("recon.still", "the payment is still " + CODE, "status"),
            k("recon.noEntitlement", "paid on both sides \\((.+?)\\), but no entitlement was granted for (.+)"),
            k("repair.reviewOpened", "review case opened \\(" + CODE + "\\)", "anomaly"),
            k("repair.caseOpen", "resolver case open, due (\\S+): the channel is asked and its answer applied"),
            k("repair.caseFlagged", "resolver case is flagged: a person already has it"),
            k("repair.granted", "granted (.+) as event (\\S+)"),
            k("repair.grantTask", "task entitlement-granted written"),
            k("repair.alreadyGranted", "already granted (.+) by then: nothing granted again"),
            k("repair.applied", CODE + " (\\S+) -> (\\S+)", "notificationOutcome", "status", "status"),
            k("repair.appliedWhy", CODE + " (\\S+) -> (\\S+) \\((.+)\\)", "notificationOutcome", "status", "status",
                    NESTED),
            k("repair.failed", CODE + " failed: (.+)", "repairKind", NESTED),
            k("repair.notAvailable", CODE + " is not available: (.+)", "repairKind", NESTED),
            k("repair.stillStatus", "still " + CODE, "repairStatus"),
            k("repair.appliedBy", "applied by (\\S+) at (\\S+): (.+)", "", "", NESTED),
            k("repair.what", CODE + " → " + CODE + ": (.+)", "discrepancy", "repairKind", NESTED),
            k("recon.leftAlone", "left alone: review case #(\\d+) was decided by (\\S+) at (\\S+)"),
            k("hold.matched", "matched by the statement of (\\S+)"),
            k("hold.counted", "counted by the run of (\\S+)"),
            k("recon.runCounts", "(\\S+): (\\d+) statement lines, (\\d+) matched, (\\d+) discrepancies"
                    + " \\((\\d+) new\\), (\\d+) repairs applied, (\\d+) open"),
            k("recon.statementUploaded", "statement uploaded: (.+) \\((\\d+) bytes\\)"),
            k("recon.statementFetched", "statement fetched from the channel"),
            // a review case's refund (ReviewCaseRefund)
            k("refund.notHere", "not refunded here: (.+)", NESTED),
            k("refund.noPayment", "no payment of ours"),
            k("refund.paymentIs", "the payment is " + CODE, "status"),
            k("refund.notSetUp", "the channel (\\S+) is not set up for this tenant"),
            k("refund.nothingLeft", "nothing left to refund"),
            k("refund.notReached", "refund at the channel not reached: the resolver asks the channel and settles it"),
            k("refund.inProgress", "a refund for this case is being made right now"),
            // audit entries' details (the console's use cases)
            k("audit.replayed", "queued for sending again with the same event id"),
            k("audit.notQuarantined", "no longer quarantined: nothing changed"),
            k("audit.bulkReplay", "bulk replay"),
            k("audit.bulkReplayOf", "bulk replay: (.+)", NESTED),
            k("audit.replayedOf", "(\\d+) of (\\d+) confirmed"),
            k("audit.discarded", "will not be sent"),
            k("audit.itIs", "it is " + CODE),
            k("audit.changedMeanwhile", "changed by someone else meanwhile"),
            k("audit.decision", "(" + Arrays.stream(ReviewDecision.values()).map(Enum::name)
                    .collect(Collectors.joining("|")) + ")", "decision"),
            k("audit.alreadyDecided", "already decided: nothing changed"),
            k("audit.nothingChanged", "nothing changed"),
            k("audit.nameTaken", "a user of this name exists: nothing changed"),
            k("audit.enabledUser", "enabled user"),
            k("audit.disabledUser", "disabled user \\(stays disabled\\)"),
            k("audit.askPayment", "payment " + CODE, "status"),
            k("audit.askNotStored", "payment not stored"),
            k("audit.askCase", "case " + CODE, "resolution"),
            k("audit.askChannel", "channel: (.+)"),
            k("audit.askInProgress", "a resolver is asking the channel about this payment right now"),
            k("audit.askNow", "ask the channel now"),
            k("audit.failedSignIns", "(\\d+) failed sign-ins from (\\S+)"),
            k("audit.nextTry", "next try after (\\S+)"),
            k("audit.from", "from (\\S+)"),
            k("audit.taskFor", "(\\S+) for payment (\\S+) \\(attempts (\\d+)\\)"),
            k("audit.deliveryOf", "(\\S+): (\\S+) (\\S+) \\(attempts (\\d+)\\)"),
            k("audit.automatic", "automatic repair by reconciliation run (\\d+)"),
            // tenant administration (TenantAdministrationService, CredentialChanges, ChannelAccountBinding)
            k("tenant.sandboxMerchant", "sandbox merchant (\\S+)"),
            k("tenant.apiKey", "API key (\\S+)…"),
            k("tenant.newKey", "new key (\\S+)…"),
            k("tenant.keysValidUntil", "(\\d+) previous key\\(s\\) valid until (\\S+)"),
            k("tenant.keysGraceEnded", "(\\d+) key\\(s\\) still in an earlier grace period ended now"),
            k("tenant.previousValidUntil", "previous valid until (\\S+)"),
            k("tenant.account", "account (\\S+)"),
            k("tenant.secretsGraceEnded", "(\\d+) secret\\(s\\) still in an earlier grace period ended now"),
            k("tenant.newSigningSecret", "new signing secret"),
            k("tenant.webhookWas", "(\\S+) \\(was (\\S+)\\)"),
            k("tenant.previousSigningUntil", "previous valid \\(and signing too\\) until (\\S+)"),
            k("tenant.noValidKey", "no valid key (\\S+)…"),
            k("tenant.keyEnded", "key (\\S+)… ended at (\\S+)"),
            k("tenant.keysStillValid", "(\\d+) key\\(s\\) still valid"),
            k("tenant.noValidSecret", "no valid secret #(\\d+)"),
            k("tenant.secretEnded", "(\\S+) #(\\d+) \\(created (\\S+)\\) ended at (\\S+)"),
            k("tenant.stillValid", "(\\d+) still valid"),
            // stored channel accounts their channel cannot use (UnusableCredentialsService)
            k("credential.unreadable", "its secrets cannot be read \\((\\S+)\\)"),
            k("credential.noValid", "no valid (\\S+)"),
            // refunds (CreateRefundService, RefundOutcomes) and their resolver (RefundResolver)
            k("refund.unknownCreateCommit", "outcome of the create-refund commit unknown"),
            k("refund.unknownAnswerCommit", "outcome of the commit of the channel's refund answer unknown"),
            k("refund.noAnswer", "no answer from the channel: (.+)"),
            k("refund.noAnswerUnknown", "no answer from the channel, and the record of it has an unknown outcome"),
            k("refund.callRefused", "the channel refused the call: (.+)"),
            k("refund.was", "refund was (\\S+) already", "refundStatus"),
            k("refund.amountDiffers", "the channel refunded (.+), the refund is for (.+)"),
            k("refund.refused", "refused by the channel: (.+)"),
            k("refund.noSuchAtChannel", "the channel has no such refund: nothing was refunded"),
            k("refund.processing", "the channel is processing the refund"),
            k("refund.succeeded", "refund SUCCEEDED \\(channel refund (\\S+)\\)"),
            k("refund.neverStored", "refund never stored \\(its create did not commit\\)"),
            k("refund.nothingSent", "nothing was sent to the channel"),
            k("refund.already", "refund already (\\S+)", "refundStatus"),
            // reconciliation of refunds (RefundReconciliation, RefundLedgerPolicy), skipped checks (DiscrepancyPolicy,
            // StatementNews)
            k("recon.refundAmount", "amount: the channel refunded (.+) under refund (\\S+), our refund (\\S+) is for"
                    + " (.+)"),
            k("recon.refundedThere", "refunded at the channel \\((\\S+), (.+?)\\), (\\S+) here \\(refund"
                    + " (\\S+)\\)", "", "", "refundStatus"),
            k("recon.refundedNoMatch", "refunded at the channel \\((\\S+), (.+) of payment (\\S+)\\), no refund of"
                    + " ours matches"),
            k("recon.refundNotListed", "SUCCEEDED here \\((.+?), channel refund (\\S+)\\), not on the channel's"
                    + " statement"),
            k("recon.refundCaseOpen", "resolver case open for refund (\\S+), due now: the channel is asked and its"
                    + " answer applied"),
            k("recon.refundCaseFlagged", "the resolver case of refund (\\S+) is flagged: a person has it"),
            k("recon.refundConfirmed", "the channel confirms refund (\\S+) \\((\\S+)\\): timing, a later statement"
                    + " carries it"),
            k("recon.notCompared", "(\\S+): not compared, (.+)", "discrepancy", NESTED),
            k("recon.refundLinesNotCompared", "(.+) \\((\\d+) refund lines not compared\\)", NESTED),
            k("recon.noLineFor", "statement of (\\S+): no line for (\\S+)"),
            k("recon.noBillFormat", "channel (\\S+) has no bill format to read"),
            // payments and channel notifications (CreatePaymentService, the notification handler, NotificationRecords,
            // Rejections, CallbackTransaction)
            k("payment.unknownCreateCommit", "outcome of the create-payment commit unknown"),
            k("callback.unexpected", "unexpected failure: (.+)"),
            k("callback.bodyTooLarge", "body larger than the limit"),
            k("callback.headersTooLarge", "headers larger than the limit"),
            k("callback.unknownMerchant", "unknown merchant"),
            k("callback.unknownChannel", "unknown channel"),
            k("callback.noSecret", "no signing secret configured for this merchant"),
            k("callback.staleTimestamp", "timestamp outside the tolerance"),
            k("callback.badSignature", "signature does not match"),
            k("callback.unknownCommit", "outcome of our commit unknown: (.+)"),
            k("callback.couldNotRecord", "could not record: (.+)"),
            k("callback.headersCut", "(.+) \\[headers cut to their first (\\d+) of (\\d+) characters\\]", NESTED),
            k("callback.bodyCut", "(.+) \\[raw body cut to its first (\\d+) of (\\d+\\+?) bytes\\]", NESTED),
            // the outbox relay (RelayOutboxService)
            k("relay.noOutcome", "the publisher reported no outcome"),
            k("relay.publishFailed", "publishing failed: (.+)"),
            // consumers and tasks (ConsumedMessageCheck, SingleApplication, DeliveryFailures, TaskRunnerService,
            // TenantNotices)
            k("consumer.unreadable", "unreadable payload: (.+)"),
            k("consumer.idMismatch", "the message id (\\S+) is not the payload's event id (\\S+)"),
            k("consumer.typeMismatch", "the message type (\\S+) is not the payload's event type (\\S+)"),
            k("consumer.unknownType", "unknown event type (\\S+)"),
            k("consumer.invariant", "invariant broken: (.+)"),
            k("consumer.dbRefused", "refused by the database: (.+)"),
            k("consumer.contentChanged", "event (\\S+) delivered again with different content \\(recorded sha256"
                    + " (\\S+), now (\\S+)\\)"),
            k("consumer.alreadyApplied", "already applied: (.+)", NESTED),
            k("consumer.noKind", "no entitlement kind for sku (\\S+)"),
            k("consumer.notRecorded", "not recorded: (.+)"),
            k("task.noRevocation", "no revocation in this runner"),
            k("task.noEndpoint", "the tenant has no webhook endpoint"),
            k("task.noSigningSecret", "the tenant has no valid webhook signing secret: issue one on the tenant page,"
                    + " then replay"),
            k("task.notifierFailed", "the notifier failed: (.+)"),
            // the resolver (CaseLeases, CaseWriteBack, ChannelQuestions, PaymentResolver, WorkedCase)
            k("resolver.askedBy", "(.+) \\(asked by (\\S+)\\)", NESTED),
            k("resolver.asking", "asking the channel about a (\\S+) payment", "status"),
            k("resolver.usedUp", "query schedule used up after (\\d+) queries"),
            k("resolver.last", "last: (.+)", NESTED),
            k("resolver.takenOver", "case taken over by another resolver meanwhile"),
            k("resolver.noGateway", "no gateway for channel (\\S+)"),
            k("resolver.noAccount", "no account at channel (\\S+)"),
            k("resolver.wouldNotClose", "expired, the channel would not close it: (.+)"),
            k("resolver.closedThere", "expired and closed at the channel: (.+)", NESTED),
            k("resolver.noPaymentThere", "expired and the channel has no payment: (.+)", NESTED),
            k("resolver.notPaidYet", "not paid yet"),
            k("resolver.askedAtExpiry", "asked again at expiry"),
            k("resolver.notPaidExpires", "not paid yet, expires (\\S+)"),
            k("resolver.noPaymentFor", "channel has no payment for a (\\S+) payment", "status"),
            k("resolver.moneyNeverStored", "the channel took money for a payment that was never stored"),
            k("resolver.paymentNeverStored", "payment never stored \\(its create did not commit\\)"),
            k("resolver.noPaymentHeld", "the channel holds no payment for it"),
            // the general forms last: a discrepancy class or an anomaly code with its detail, an audit entry's title
            k("recon.classWithDetail", "(" + Arrays.stream(DiscrepancyClass.values()).map(Enum::name)
                    .collect(Collectors.joining("|")) + "): (.+)", "discrepancy", NESTED),
            k("anomaly.withDetail", CODE + ": (.+)", "anomaly", NESTED),
            k("timeline.auditBy", CODE + " by (\\S+)", "action"))).toList();
}
