package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.application.shared.port.out.WorkLog;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.VerificationKeys;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A parsed notification checked against its merchant's keys: the merchant found by the account it names, the
 * signature verified with the merchant's valid secrets, the sealed parts opened. The one class that reads the
 * merchant's credentials, so that an unknown merchant costs the same work as a bad signature; what verifies goes on to
 * {@link VerifiedNotifications}.
 */
final class NotificationVerifier {

    /** Verifies nothing (no merchant has it): spent on notifications for unknown merchants to match the work. */
    private static final String NO_SUCH_MERCHANT_SECRET = "no-merchant-has-this-secret";

    private final ChannelCredentialStore credentials;
    private final Rejections rejections;
    private final NotificationRecords records;
    private final VerifiedNotifications verified;
    private final WorkLog workLog;

    /** With {@code workLog}: lines logged about a verified notification name its tenant and payment. */
    NotificationVerifier(ChannelCredentialStore credentials, Rejections rejections, NotificationRecords records,
                         VerifiedNotifications verified, WorkLog workLog) {
        this.credentials = credentials;
        this.rejections = rejections;
        this.records = records;
        this.verified = verified;
        this.workLog = workLog;
    }

    /** Verifies the parsed notification and, if it verifies, has it recorded and applied; returns the answer. */
    ChannelAnswer handle(ChannelNotificationFormat format, RawNotification raw, String caller, Instant received,
                         Parsed notification) {
        Optional<VerificationKeys> keys = credentials.verificationKeys(format.channel(), notification.merchantKey(),
                format.secretName(), received);
        if (keys.isEmpty()) {
            // Answered exactly as a bad signature for a merchant we have, after the same work, so that the answer
            // does not tell which merchant ids exist.
            format.verify(raw, List.of(NO_SUCH_MERCHANT_SECRET), received);
            return rejections.refuse(format, raw, caller, received, null, notification, SignatureResult.NOT_CHECKED,
                    "unknown merchant", format.answer(AnswerKind.BAD_SIGNATURE, null));
        }
        TenantId tenant = keys.get().tenantId();
        // Every line logged about this notification names its tenant and, where it names one of ours, its payment.
        try (WorkLog.Scope tenantId = workLog.about(WorkLog.TENANT_ID, tenant.value());
             WorkLog.Scope paymentId = workLog.about(WorkLog.PAYMENT_ID,
                     NotificationApplier.paymentId(notification.outTradeNo()).map(PaymentId::value).orElse(null))) {
            return handleFor(format, raw, caller, received, notification, tenant, keys.get().secrets());
        }
    }

    /** The notification of a merchant we have, from its signature on. */
    private ChannelAnswer handleFor(ChannelNotificationFormat format, RawNotification raw, String caller,
                                    Instant received, Parsed notification, TenantId tenant, List<String> secrets) {
        Verification verification = secrets.isEmpty() ? Verification.BAD_SIGNATURE
                : format.verify(raw, secrets, received);
        if (verification != Verification.VALID) {
            SignatureResult result = verification == Verification.STALE_TIMESTAMP
                    ? SignatureResult.STALE_TIMESTAMP : SignatureResult.BAD_SIGNATURE;
            String reason = secrets.isEmpty() ? "no signing secret configured for this merchant"
                    : verification == Verification.STALE_TIMESTAMP ? "timestamp outside the tolerance"
                    : "signature does not match";
            return rejections.refuse(format, raw, caller, received, tenant, notification, result, reason,
                    format.answer(AnswerKind.BAD_SIGNATURE, reason));
        }
        ParseResult opened = format.openingSecretNames().isEmpty() ? format.open(raw, secrets)
                : format.open(raw, secrets, format.openingSecretNames().stream().collect(Collectors.toUnmodifiableMap(
                        Function.identity(), name -> credentials.validSecrets(tenant, format.channel(), name,
                                received))));
        if (opened instanceof ParseResult.Malformed malformed) {
            // Verified, so it is the channel's own: recorded in full, whatever any budget says.
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, malformed.reason());
            records.recordBestEffort(raw, received, tenant, notification, SignatureResult.VALID,
                    NotificationOutcome.REJECTED, malformed.reason(), invalid);
            return invalid;
        }
        return verified.handle(format, raw, (Parsed) opened, tenant, received);
    }
}
