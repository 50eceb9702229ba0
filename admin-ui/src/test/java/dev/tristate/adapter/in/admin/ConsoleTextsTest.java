package dev.tristate.adapter.in.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import dev.tristate.testing.EnglishProse;
import org.springframework.context.MessageSource;

/**
 * Every sentence {@link KnownText} knows, as the services write it: recognised by its own pattern (not an earlier,
 * more general one), written back word for word by the English bundle from the parts the pattern took out, and shown
 * in Chinese with no English sentence left.
 */
class ConsoleTextsTest {

    private static final Locale CHINESE = AdminConfiguration.CHINESE;

    private final MessageSource messages = new AdminConfiguration().messageSource();
    private final ConsoleTexts texts = new ConsoleTexts(messages, new ConsoleCodes(messages));

    /** One sentence per key, as its service writes it. */
    private static final Map<String, String> SAMPLES = new LinkedHashMap<>();

    static {
        SAMPLES.put("durability.unreadable", "the database settings could not be read: connection refused");
        SAMPLES.put("durability.h2", "the embedded H2 database does not force its file to disk at commit: a power"
                + " loss can lose the last committed payments (use MySQL/MariaDB in production)");
        SAMPLES.put("durability.noRules", "no durability rules for PostgreSQL");
        SAMPLES.put("durability.flushUnreported", "innodb_flush_log_at_trx_commit was not reported");
        SAMPLES.put("durability.flushRisk", "innodb_flush_log_at_trx_commit=2: the redo log is not flushed to disk at"
                + " every commit, so a power loss or OS crash can lose about a second of committed payments");
        SAMPLES.put("durability.binlogRisk", "sync_binlog=0 with binary logging on: a power loss can lose committed"
                + " transactions from the binary log, so a replica or a point-in-time recovery can miss payments");
        SAMPLES.put("durability.flushSafe",
                "innodb_flush_log_at_trx_commit=1: every commit is on disk before it is acknowledged");
        SAMPLES.put("durability.binlogSafe", "sync_binlog=1: the binary log is on disk at every commit too");
        SAMPLES.put("durability.binlogOff", "binary logging is off, so sync_binlog does not apply");
        SAMPLES.put("anomaly.currency", "channel reported USD, payment is in CNY");
        SAMPLES.put("anomaly.tradeNo", "channel reported trade T2, payment is bound to T1");
        SAMPLES.put("anomaly.successAfterClose", "channel reported success for trade T1 on a closed payment");
        SAMPLES.put("anomaly.amount", "channel reported 2.00 CNY, payment is for 1.00 CNY");
        SAMPLES.put("anomaly.boundElsewhere", "trade T1 is bound to another payment");
        SAMPLES.put("anomaly.otherMerchant", "the payment belongs to another merchant");
        SAMPLES.put("anomaly.noSuchPayment", "no such payment for this merchant");
        SAMPLES.put("anomaly.otherChannel", "payment is paid through alipay");
        SAMPLES.put("anomaly.statementOnly", "statement names no payment of ours: the channel lists trade T9"
                + " (SUCCESS, 1.00 CNY) for out_trade_no pay_9, which names no payment of ours on sandbox");
        SAMPLES.put("anomaly.withDetail", "AMOUNT_MISMATCH: channel reported 2.00 CNY, payment is for 1.00 CNY");
        SAMPLES.put("notification.already", "payment already SUCCEEDED");
        SAMPLES.put("notification.stale", "PENDING arrived after SUCCEEDED");
        SAMPLES.put("notification.duplicate", "notification already received");
        SAMPLES.put("notification.notStatus", "not a payment status event");
        SAMPLES.put("notification.refundNotHere", "refund notifications are not applied here");
        SAMPLES.put("notification.noSuchRefund", "no such refund of this payment for this merchant");
        SAMPLES.put("timeline.signature", "signature VALID");
        SAMPLES.put("timeline.byNotification", "by notification #12");
        SAMPLES.put("timeline.failedSends", "failed sends 2");
        SAMPLES.put("timeline.firstTry", "sent at the first try");
        SAMPLES.put("timeline.noFailedSend", "no failed send");
        SAMPLES.put("timeline.notRun", "not run yet");
        SAMPLES.put("timeline.runs", "runs 3");
        SAMPLES.put("timeline.attempts", "attempts 1");
        SAMPLES.put("timeline.noReason", "no reason given");
        SAMPLES.put("timeline.reason", "reason: customer asked");
        SAMPLES.put("timeline.channelRefund", "channel refund R-77");
        SAMPLES.put("timeline.refundSettled", "SUCCEEDED at 2026-12-01T18:13:55Z");
        SAMPLES.put("timeline.refundMade", "refund ref_1 at the channel for review case #4");
        SAMPLES.put("timeline.auditBy", "DECIDE_DISMISS by olga");
        SAMPLES.put("recon.unknownTrade", "the channel lists trade T9 (SUCCESS, 1.00 CNY) for out_trade_no pay_9,"
                + " which names no payment of ours on sandbox");
        SAMPLES.put("recon.amount", "the channel lists 2.00 CNY, the payment is for 1.00 CNY");
        SAMPLES.put("recon.paidThere", "the channel took 1.00 CNY (trade T1 at 2026-12-01T10:00:00Z), the payment"
                + " is PENDING");
        SAMPLES.put("recon.paidHere", "the payment is SUCCEEDED (paid 2026-12-01T10:00:00Z), the channel lists it"
                + " CLOSED");
        SAMPLES.put("recon.status", "the payment is UNKNOWN, the channel lists it CLOSED");
        SAMPLES.put("recon.notListed", "the payment is SUCCEEDED (1.00 CNY, paid 2026-12-01T10:00:00Z, trade T1),"
                + " the channel's statement of 2026-12-01 does not list it");
        SAMPLES.put("recon.heldHere", "held since 2026-12-01 (paid near the day's end)");
        SAMPLES.put("recon.notListedEither", "the next statement does not list it as paid either");
        SAMPLES.put("recon.heldThere", "held since 2026-12-01 (paid at the channel near the day's end)");
        SAMPLES.put("recon.stillMissing", "the payment is still missing");
        SAMPLES.put("recon.still", "the payment is still PENDING");
        SAMPLES.put("recon.noEntitlement", "paid on both sides (1.00 CNY), but no entitlement was granted for"
                + " u-1 / course:java");
        SAMPLES.put("recon.classWithDetail", "AMOUNT_OR_CURRENCY_MISMATCH: the channel lists 2.00 CNY, the payment"
                + " is for 1.00 CNY");
        SAMPLES.put("recon.runCounts", "2026-12-01: 5 statement lines, 3 matched, 2 discrepancies (1 new),"
                + " 1 repairs applied, 1 open");
        SAMPLES.put("recon.statementUploaded", "statement uploaded: day.csv (512 bytes)");
        SAMPLES.put("recon.statementFetched", "statement fetched from the channel");
        SAMPLES.put("repair.reviewOpened", "review case opened (AMOUNT_MISMATCH)");
        SAMPLES.put("repair.caseOpen",
                "resolver case open, due 2026-12-01T10:00:00Z: the channel is asked and its answer applied");
        SAMPLES.put("repair.caseFlagged", "resolver case is flagged: a person already has it");
        SAMPLES.put("repair.granted", "granted u-1 / course:java as event ev-1");
        SAMPLES.put("repair.grantTask", "task entitlement-granted written");
        SAMPLES.put("repair.alreadyGranted", "already granted u-1 / course:java by then: nothing granted again");
        SAMPLES.put("repair.applied", "APPLIED PENDING -> SUCCEEDED");
        SAMPLES.put("repair.appliedWhy", "DUPLICATE SUCCEEDED -> SUCCEEDED (payment already SUCCEEDED)");
        SAMPLES.put("repair.failed", "APPLY_CHANNEL_RESULT failed: changed by someone else meanwhile");
        SAMPLES.put("repair.notAvailable", "REGRANT_ENTITLEMENT is not available: SocketTimeoutException");
        SAMPLES.put("repair.stillStatus", "still PENDING");
        SAMPLES.put("repair.appliedBy", "applied by olga at 2026-12-01T10:00:00Z: APPLIED PENDING -> SUCCEEDED");
        SAMPLES.put("repair.what", "PAID_AT_CHANNEL_NOT_HERE → APPLY_CHANNEL_RESULT: APPLIED PENDING -> SUCCEEDED");
        SAMPLES.put("recon.leftAlone", "left alone: review case #5 was decided by olga at 2026-12-01T10:00:00Z");
        SAMPLES.put("hold.matched", "matched by the statement of 2026-12-02");
        SAMPLES.put("hold.counted", "counted by the run of 2026-12-02");
        SAMPLES.put("refund.notHere", "not refunded here: the payment is CLOSED");
        SAMPLES.put("refund.noPayment", "no payment of ours");
        SAMPLES.put("refund.paymentIs", "the payment is PENDING");
        SAMPLES.put("refund.notSetUp", "the channel sandbox is not set up for this tenant");
        SAMPLES.put("refund.nothingLeft", "nothing left to refund");
        SAMPLES.put("refund.notReached",
                "refund at the channel not reached: the resolver asks the channel and settles it");
        SAMPLES.put("refund.inProgress", "a refund for this case is being made right now");
        SAMPLES.put("audit.replayed", "queued for sending again with the same event id");
        SAMPLES.put("audit.notQuarantined", "no longer quarantined: nothing changed");
        SAMPLES.put("audit.bulkReplay", "bulk replay");
        SAMPLES.put("audit.bulkReplayOf", "bulk replay: it is SENT");
        SAMPLES.put("audit.replayedOf", "3 of 4 confirmed");
        SAMPLES.put("audit.discarded", "will not be sent");
        SAMPLES.put("audit.itIs", "it is RETRYING");
        SAMPLES.put("audit.changedMeanwhile", "changed by someone else meanwhile");
        SAMPLES.put("audit.decision", "REFUND_AT_CHANNEL");
        SAMPLES.put("audit.alreadyDecided", "already decided: nothing changed");
        SAMPLES.put("audit.nothingChanged", "nothing changed");
        SAMPLES.put("audit.nameTaken", "a user of this name exists: nothing changed");
        SAMPLES.put("audit.enabledUser", "enabled user");
        SAMPLES.put("audit.disabledUser", "disabled user (stays disabled)");
        SAMPLES.put("audit.askPayment", "payment SUCCEEDED");
        SAMPLES.put("audit.askNotStored", "payment not stored");
        SAMPLES.put("audit.askCase", "case RESOLVED");
        SAMPLES.put("audit.askChannel", "channel: SUCCESS");
        SAMPLES.put("audit.askInProgress", "a resolver is asking the channel about this payment right now");
        SAMPLES.put("audit.askNow", "ask the channel now");
        SAMPLES.put("audit.failedSignIns", "5 failed sign-ins from 127.0.0.1");
        SAMPLES.put("audit.nextTry", "next try after 2026-12-01T10:00:30Z");
        SAMPLES.put("audit.from", "from 127.0.0.1");
        SAMPLES.put("audit.taskFor", "entitlement-granted for payment pay_1 (attempts 5)");
        SAMPLES.put("audit.deliveryOf", "entitlements: payment.succeeded ev-1 (attempts 5)");
        SAMPLES.put("audit.automatic", "automatic repair by reconciliation run 7");
        SAMPLES.put("tenant.sandboxMerchant", "sandbox merchant m-100");
        SAMPLES.put("tenant.apiKey", "API key tk_ab12…");
        SAMPLES.put("tenant.newKey", "new key tk_cd34…");
        SAMPLES.put("tenant.keysValidUntil", "1 previous key(s) valid until 2026-12-02T10:00:00Z");
        SAMPLES.put("tenant.keysGraceEnded", "2 key(s) still in an earlier grace period ended now");
        SAMPLES.put("tenant.previousValidUntil", "previous valid until 2026-12-02T10:00:00Z");
        SAMPLES.put("tenant.account", "account 2088000000000001");
        SAMPLES.put("tenant.secretsGraceEnded", "1 secret(s) still in an earlier grace period ended now");
        SAMPLES.put("tenant.newSigningSecret", "new signing secret");
        SAMPLES.put("tenant.webhookWas", "https://shop.example/hooks (was https://old.example/hooks)");
        SAMPLES.put("tenant.previousSigningUntil", "previous valid (and signing too) until 2026-12-02T10:00:00Z");
        SAMPLES.put("tenant.noValidKey", "no valid key tk_ab12…");
        SAMPLES.put("tenant.keyEnded", "key tk_ab12… ended at 2026-12-01T10:00:00Z");
        SAMPLES.put("tenant.keysStillValid", "1 key(s) still valid");
        SAMPLES.put("tenant.noValidSecret", "no valid secret #42");
        SAMPLES.put("tenant.secretEnded",
                "alipay/app-private-key #42 (created 2026-11-01T10:00:00Z) ended at 2026-12-01T10:00:00Z");
        SAMPLES.put("tenant.stillValid", "1 still valid");
        SAMPLES.put("credential.unreadable", "its secrets cannot be read (AEADBadTagException)");
        SAMPLES.put("credential.noValid", "no valid app-private-key");
        SAMPLES.put("refund.unknownCreateCommit", "outcome of the create-refund commit unknown");
        SAMPLES.put("refund.unknownAnswerCommit", "outcome of the commit of the channel's refund answer unknown");
        SAMPLES.put("refund.noAnswer", "no answer from the channel: SocketTimeoutException");
        SAMPLES.put("refund.noAnswerUnknown",
                "no answer from the channel, and the record of it has an unknown outcome");
        SAMPLES.put("refund.callRefused", "the channel refused the call: HTTP 400");
        SAMPLES.put("refund.was", "refund was SUCCEEDED already");
        SAMPLES.put("refund.amountDiffers", "the channel refunded 2.00 CNY, the refund is for 1.00 CNY");
        SAMPLES.put("refund.refused", "refused by the channel: ACQ.TRADE_HAS_FINISHED");
        SAMPLES.put("refund.noSuchAtChannel", "the channel has no such refund: nothing was refunded");
        SAMPLES.put("refund.processing", "the channel is processing the refund");
        SAMPLES.put("refund.succeeded", "refund SUCCEEDED (channel refund R-77)");
        SAMPLES.put("refund.neverStored", "refund never stored (its create did not commit)");
        SAMPLES.put("refund.nothingSent", "nothing was sent to the channel");
        SAMPLES.put("refund.already", "refund already FAILED");
        SAMPLES.put("recon.refundAmount",
                "amount: the channel refunded 2.00 CNY under refund R-1, our refund ref_1 is for 1.00 CNY");
        SAMPLES.put("recon.refundedThere", "refunded at the channel (R-1, 1.00 CNY), PENDING here (refund ref_1)");
        SAMPLES.put("recon.refundedNoMatch",
                "refunded at the channel (R-1, 1.00 CNY of payment pay_1), no refund of ours matches");
        SAMPLES.put("recon.refundNotListed",
                "SUCCEEDED here (1.00 CNY, channel refund R-1), not on the channel's statement");
        SAMPLES.put("recon.refundCaseOpen",
                "resolver case open for refund ref_1, due now: the channel is asked and its answer applied");
        SAMPLES.put("recon.refundCaseFlagged", "the resolver case of refund ref_1 is flagged: a person has it");
        SAMPLES.put("recon.refundConfirmed",
                "the channel confirms refund ref_1 (R-1): timing, a later statement carries it");
        SAMPLES.put("recon.notCompared",
                "REFUND_MISMATCH: not compared, refund at the channel not reached: the resolver asks the channel and"
                        + " settles it");
        SAMPLES.put("recon.refundLinesNotCompared", "no payment of ours (3 refund lines not compared)");
        SAMPLES.put("recon.noLineFor", "statement of 2026-12-01: no line for pay_1");
        SAMPLES.put("recon.noBillFormat", "channel sandbox has no bill format to read");
        SAMPLES.put("payment.unknownCreateCommit", "outcome of the create-payment commit unknown");
        SAMPLES.put("callback.unexpected", "unexpected failure: java.lang.NullPointerException");
        SAMPLES.put("callback.bodyTooLarge", "body larger than the limit");
        SAMPLES.put("callback.headersTooLarge", "headers larger than the limit");
        SAMPLES.put("callback.unknownMerchant", "unknown merchant");
        SAMPLES.put("callback.unknownChannel", "unknown channel");
        SAMPLES.put("callback.noSecret", "no signing secret configured for this merchant");
        SAMPLES.put("callback.staleTimestamp", "timestamp outside the tolerance");
        SAMPLES.put("callback.badSignature", "signature does not match");
        SAMPLES.put("callback.unknownCommit", "outcome of our commit unknown: SQLTransientConnectionException");
        SAMPLES.put("callback.couldNotRecord", "could not record: SQLTransientConnectionException");
        SAMPLES.put("callback.headersCut",
                "signature does not match [headers cut to their first 8192 of 9000 characters]");
        SAMPLES.put("callback.bodyCut", "body larger than the limit [raw body cut to its first 8192 of 70000+ bytes]");
        SAMPLES.put("relay.noOutcome", "the publisher reported no outcome");
        SAMPLES.put("relay.publishFailed", "publishing failed: AmqpConnectException");
        SAMPLES.put("consumer.unreadable", "unreadable payload: JsonParseException");
        SAMPLES.put("consumer.idMismatch", "the message id m-1 is not the payload's event id ev-1");
        SAMPLES.put("consumer.typeMismatch",
                "the message type PaymentFailed is not the payload's event type PaymentSucceeded");
        SAMPLES.put("consumer.unknownType", "unknown event type PaymentExploded");
        SAMPLES.put("consumer.invariant", "invariant broken: IllegalArgumentException");
        SAMPLES.put("consumer.dbRefused", "refused by the database: DataIntegrityViolationException");
        SAMPLES.put("consumer.contentChanged",
                "event ev-1 delivered again with different content (recorded sha256 ab12, now cd34)");
        SAMPLES.put("consumer.alreadyApplied", "already applied: granted u-1 / course:java as event ev-1");
        SAMPLES.put("consumer.noKind", "no entitlement kind for sku sku-9");
        SAMPLES.put("consumer.notRecorded", "not recorded: SQLTransientConnectionException");
        SAMPLES.put("task.noRevocation", "no revocation in this runner");
        SAMPLES.put("task.noEndpoint", "the tenant has no webhook endpoint");
        SAMPLES.put("task.noSigningSecret",
                "the tenant has no valid webhook signing secret: issue one on the tenant page, then replay");
        SAMPLES.put("task.notifierFailed", "the notifier failed: java.lang.IllegalStateException");
        SAMPLES.put("resolver.askedBy", "not paid yet, expires 2026-12-01T10:30:00Z (asked by olga)");
        SAMPLES.put("resolver.asking", "asking the channel about a PENDING payment");
        SAMPLES.put("resolver.usedUp", "query schedule used up after 8 queries");
        SAMPLES.put("resolver.last", "last: not paid yet");
        SAMPLES.put("resolver.takenOver", "case taken over by another resolver meanwhile");
        SAMPLES.put("resolver.noGateway", "no gateway for channel alipay");
        SAMPLES.put("resolver.noAccount", "no account at channel alipay");
        SAMPLES.put("resolver.wouldNotClose", "expired, the channel would not close it: TRADE_STATUS_ERROR");
        SAMPLES.put("resolver.closedThere", "expired and closed at the channel: APPLIED PENDING -> CLOSED");
        SAMPLES.put("resolver.noPaymentThere", "expired and the channel has no payment: APPLIED PENDING -> CLOSED");
        SAMPLES.put("resolver.notPaidYet", "not paid yet");
        SAMPLES.put("resolver.askedAtExpiry", "asked again at expiry");
        SAMPLES.put("resolver.notPaidExpires", "not paid yet, expires 2026-12-01T10:30:00Z");
        SAMPLES.put("resolver.noPaymentFor", "channel has no payment for a PENDING payment");
        SAMPLES.put("resolver.moneyNeverStored", "the channel took money for a payment that was never stored");
        SAMPLES.put("resolver.paymentNeverStored", "payment never stored (its create did not commit)");
        SAMPLES.put("resolver.noPaymentHeld", "the channel holds no payment for it");
        // the refusals the pages show (KnownRefusals)
        SAMPLES.put("refusal.noTenant", "no tenant t-shop");
        SAMPLES.put("refusal.noDelivery", "no delivery d-1 of consumer entitlements");
        SAMPLES.put("refusal.noTask", "no task entitlement-granted:pay_1");
        SAMPLES.put("refusal.noDiscrepancy", "no discrepancy 7 of tenant t-shop");
        SAMPLES.put("refusal.noOutboxEvent", "no outbox event 0b7e0c8a-1c2d-4e5f-8a9b-0c1d2e3f4a5b");
        SAMPLES.put("refusal.noPaymentOfTenant", "no payment pay_1 of tenant t-shop");
        SAMPLES.put("refusal.noPayment", "no payment pay_1");
        SAMPLES.put("refusal.noReviewCase", "no review case 12");
        SAMPLES.put("refusal.noConsoleUser", "no console user ana");
        SAMPLES.put("refusal.noRun", "no reconciliation run 3 of tenant t-shop");
        SAMPLES.put("refusal.accountBound", "the sandbox account m-shop is bound to another tenant already");
        SAMPLES.put("refusal.reasonRequired", "a reason is required (at least 3 characters)");
        SAMPLES.put("refusal.noStatementGateway",
                "no gateway for channel stripe: this instance cannot read its statements");
        SAMPLES.put("refusal.noStatementAccount", "tenant t-shop has no account at channel alipay");
        SAMPLES.put("refusal.noGrantOwed", "the payment is REFUNDED now: no grant is owed");
        SAMPLES.put("refusal.skuNoKind", "the sku gift:card names no entitlement kind");
        SAMPLES.put("refusal.notByReview", "PAID_AT_CHANNEL_NOT_HERE is not repaired by a review");
        SAMPLES.put("refusal.statementNotGiven", "the channel sandbox did not give its statement of 2031-05-12"
                + " (UNKNOWN): no answer from the channel: HTTP 503");
    }

    /** The sentences sampled here: a form's refusals are made by their values in {@link ConsoleFormRefusalsTest}. */
    private static List<KnownText> sampled() {
        return KnownText.ALL.stream().filter(k -> !KnownFormRefusals.ALL.contains(k)).toList();
    }

    @Test
    void everyKnownSentenceHasASampleThatItsOwnPatternRecognises() {
        List<String> faults = new ArrayList<>();
        for (KnownText known : sampled()) {
            String sample = SAMPLES.get(known.key());
            if (sample == null) {
                faults.add(known.key() + ": no sample");
            } else if (!ConsoleTexts.keyOf(sample).equals(java.util.Optional.of(known.key()))) {
                faults.add(known.key() + ": recognised as " + ConsoleTexts.keyOf(sample));
            }
        }
        assertThat(faults).isEmpty();
        assertThat(SAMPLES.keySet()).containsExactlyInAnyOrderElementsOf(
                sampled().stream().map(KnownText::key).toList());
    }

    @Test
    void theEnglishBundleWritesEachSentenceBackWordForWord() {
        for (KnownText known : sampled()) {
            Matcher m = known.pattern().matcher(SAMPLES.get(known.key()));
            assertThat(m.matches()).isTrue();
            Object[] raw = new Object[m.groupCount()];
            for (int i = 0; i < raw.length; i++) {
                raw[i] = m.group(i + 1);
            }
            assertThat(messages.getMessage("text." + known.key(), raw, Locale.ENGLISH)).as(known.key())
                    .isEqualTo(SAMPLES.get(known.key()));
        }
    }

    @Test
    void everyKnownSentenceReadsInChineseWithNoEnglishSentenceLeft() {
        List<String> faults = new ArrayList<>();
        for (Map.Entry<String, String> sample : SAMPLES.entrySet()) {
            String chinese = texts.text(sample.getValue(), CHINESE);
            if (chinese.codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)
                    || EnglishProse.in(chinese)) {
                faults.add(sample.getKey() + ": " + chinese);
            }
        }
        assertThat(faults).isEmpty();
    }

    @Test
    void englishPagesShowTheSentenceAsWritten() {
        String text = "signature VALID; payment already SUCCEEDED";
        assertThat(texts.text(text, Locale.ENGLISH)).isEqualTo(text);
    }

    @Test
    void partsAreTranslatedOneByOneWithTheirCodesInWords() {
        assertThat(texts.text("signature VALID; payment already SUCCEEDED", CHINESE))
                .isEqualTo("签名 VALID；支付已是支付成功");
        assertThat(texts.text("AMOUNT_MISMATCH: channel reported 2.00 CNY, payment is for 1.00 CNY", CHINESE))
                .isEqualTo("金额不符：渠道报告金额 2.00 CNY，支付金额为 1.00 CNY");
    }

    @Test
    void aPartNoPatternKnowsIsShownAsReceived() {
        assertThat(texts.text("failed sends 2; Connection reset by peer", CHINESE))
                .isEqualTo("发送失败 2 次；Connection reset by peer");
        assertThat(texts.text(null, CHINESE)).isNull();
        assertThat(texts.text("", CHINESE)).isEmpty();
    }

    @Test
    void aRepairLeftAloneLinksToTheDecidedCase() {
        assertThat(texts.linkedReviewCase("AMOUNT_OR_CURRENCY_MISMATCH → HOLD_FOR_REVIEW: left alone: review case #5"
                + " was decided by olga at 2026-12-01T10:00:00Z")).isEqualTo(5L);
        assertThat(texts.linkedReviewCase("review case opened (AMOUNT_MISMATCH)")).isNull();
        assertThat(texts.linkedReviewCase(null)).isNull();
    }

    @Test
    void theProseDetectorFindsEnglishSentencesAndLeavesCodesAndIdsAlone() {
        assertThat(EnglishProse.in("channel reported 2.00 CNY, payment is for 1.00 CNY")).isTrue();
        assertThat(EnglishProse.in("签名 VALID；支付 pay_1 已是 SUCCEEDED；entitlement-granted")).isFalse();
    }
}
