package dev.tristate.adapter.in.admin;

import dev.tristate.domain.console.ReviewDecision;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
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

    private static KnownText k(String key, String regex, String... arguments) {
        return new KnownText(key, Pattern.compile(regex), List.of(arguments));
    }

    static final List<KnownText> ALL = List.of(
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
            // timeline entries (PaymentConsoleService)
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
            // the general forms last: a discrepancy class or an anomaly code with its detail, an audit entry's title
            k("recon.classWithDetail", "(" + Arrays.stream(DiscrepancyClass.values()).map(Enum::name)
                    .collect(Collectors.joining("|")) + "): (.+)", "discrepancy", NESTED),
            k("anomaly.withDetail", CODE + ": (.+)", "anomaly", NESTED),
            k("timeline.auditBy", CODE + " by (\\S+)", "action"));
}
