package dev.tristate.adapter.in.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.task.TaskStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The codes that data carries onto the console's pages have a Chinese text each: a value added to one of these
 * enums, or a new reason a resolver case is opened with, fails here until both bundles name it.
 */
class ConsoleCodesTest {

    private final ConsoleCodes codes = new ConsoleCodes(new AdminConfiguration().messageSource());

    private static List<String> names(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
    }

    private record Group(String name, List<String> codes) {
    }

    private static final List<Group> GROUPS = List.of(
            new Group("notificationOutcome", names(NotificationOutcome.class)),
            new Group("status", names(PaymentStatus.class)),
            new Group("refundStatus", names(RefundStatus.class)),
            new Group("outbox", names(OutboxStatus.class)),
            new Group("task", names(TaskStatus.class)),
            new Group("delivery", names(DeliveryStatus.class)),
            new Group("reviewStatus", List.of("OPEN", "RESOLVED")),
            // The reasons the resolution, refund and reconciliation services open a resolver case with.
            new Group("resolverReason", Stream.concat(Stream.of("ASKED_BY_OPERATOR", "STALE_PAYMENT",
                    "STALE_REFUND", "RECONCILIATION_STATUS_MISMATCH", "REFUND_PROCESSING", "RECONCILIATION"),
                    names(UnknownOutcomeOrigin.class).stream()).toList()),
            new Group("statementSource", List.of("FETCH", "UPLOAD")),
            new Group("subject", List.of("payment", "review_case", "outbox_event", "consumer_delivery", "task",
                    "tenant", "discrepancy", "reconciliation-run", "reconciliation-day", "console-user")));

    @Test
    void everyCodeShownOnAPageHasAChineseText() {
        List<String> untranslated = new ArrayList<>();
        for (Group group : GROUPS) {
            for (String code : group.codes()) {
                String chinese = codes.text(group.name(), code, AdminConfiguration.CHINESE);
                if (chinese.codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)) {
                    untranslated.add(group.name() + "." + code + " = " + chinese);
                }
                assertThat(codes.text(group.name(), code, Locale.ENGLISH)).as(group.name() + "." + code)
                        .isNotBlank();
            }
        }
        assertThat(untranslated).isEmpty();
    }

    @Test
    void aCodeTheBundlesDoNotKnowIsShownAsItself() {
        assertThat(codes.text("resolverReason", "SOMETHING_NEW", AdminConfiguration.CHINESE))
                .isEqualTo("SOMETHING_NEW");
        assertThat(codes.text("resolverReason", null, Locale.ENGLISH)).isNull();
    }

    @Test
    void aTimelineOutcomeIsReadInTheWordsOfItsKind() {
        assertThat(codes.timelineOutcome("NOTIFICATION", "APPLIED", AdminConfiguration.CHINESE)).isEqualTo("已生效");
        assertThat(codes.timelineOutcome("TRANSITION", "PENDING", AdminConfiguration.CHINESE)).isEqualTo("待支付");
        assertThat(codes.timelineOutcome("OUTBOX_EVENT", "PENDING", AdminConfiguration.CHINESE)).isEqualTo("待发送");
        assertThat(codes.timelineOutcome("TASK", "DONE", Locale.ENGLISH)).isEqualTo("DONE");
    }
}
