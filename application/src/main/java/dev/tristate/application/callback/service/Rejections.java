package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.callback.port.out.RejectionBudget;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;

/**
 * Notifications refused before their signature verified. Anyone can send those, so each is recorded only within its
 * caller's {@link RejectionBudget} and with its raw body and headers cut to a cap; past the budget it is answered
 * "send again later" (429, in the channel's words) and not recorded. Verified notifications never come here, so a
 * flood of forgeries neither fills the log nor delays a genuine notification.
 */
final class Rejections {

    static final int TOO_MANY = 429;

    private final NotificationRecords records;
    private final RejectionBudget budget;
    private final int maxStoredBytes;

    Rejections(NotificationRecords records, RejectionBudget budget, int maxStoredBytes) {
        if (maxStoredBytes < 0) {
            throw new IllegalArgumentException("the stored size cap must not be negative: " + maxStoredBytes);
        }
        this.records = records;
        this.budget = budget;
        this.maxStoredBytes = maxStoredBytes;
    }

    /** Records the refusal within the budget and returns {@code answer}; past the budget, the 429 answer instead. */
    ChannelAnswer refuse(ChannelNotificationFormat format, RawNotification raw, String caller, Instant received,
                         TenantId tenant, Parsed n, SignatureResult signature, String reason, ChannelAnswer answer) {
        if (!budget.tryRecord(raw.channel(), caller)) {
            ChannelAnswer retry = format.answer(AnswerKind.RETRY, null);
            return new ChannelAnswer(TOO_MANY, retry.contentType(), retry.body());
        }
        records.recordUnverifiedBestEffort(raw, received, tenant, n, signature, reason, answer, maxStoredBytes);
        return answer;
    }

    /** A notification for a channel we do not have: recorded within the budget, answered by the adapter. */
    void refuseUnknownChannel(RawNotification raw, String caller, Instant received) {
        if (budget.tryRecord(raw.channel(), caller)) {
            records.recordUnverifiedBestEffort(raw, received, null, null, SignatureResult.NOT_CHECKED,
                    "unknown channel", new ChannelAnswer(404, "text/plain", "unknown channel"), maxStoredBytes);
        }
    }
}
