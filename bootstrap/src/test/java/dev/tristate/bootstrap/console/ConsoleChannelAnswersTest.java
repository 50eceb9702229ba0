package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.StatusQuery;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The payment page shows, over real HTTP, what the channel answered to our own questions: each status query's answer
 * as received and each refund's latest answer, as text (never as HTML), cut with a note where long; a callback's raw
 * bytes stay off the page.
 */
class ConsoleChannelAnswersTest extends ConsoleTestBase {

    @Autowired
    NotificationLog notifications;

    @Autowired
    RefundStore refunds;

    private void recorded(Payment p, String source, String rawBody, Instant at) {
        notifications.record(new NotificationLog.Entry("sandbox", source, p.tenantId(), null, p.id().value(),
                "T-" + UUID.randomUUID(), "SUCCESS", 1999L, "CNY", unique("trace-"), SignatureResult.VALID,
                NotificationOutcome.APPLIED, null, null, "", rawBody.getBytes(StandardCharsets.UTF_8), at, null));
    }

    private Refund answeredRefund(Payment p, String answer, Instant at) {
        Refund refund = Refund.request(new RefundId("rfd_" + UUID.randomUUID().toString().replace("-", "")), p,
                Money.of(500, "CNY"), "damaged", at.minusSeconds(5));
        refunds.insert(refund);
        refunds.keepAnswer(refund, ChannelWords.of(answer, at));
        return refund;
    }

    @Test
    void aQueryAnswerAndARefundAnswerAreShownAsTextAndACallbacksBytesAreNot() throws Exception {
        Payment p = payment(tenant());
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS).minusSeconds(60);
        recorded(p, "CALLBACK", "{\"sign\":\"callback-bytes-never-shown\"}", at);
        recorded(p, StatusQuery.NOTIFICATION_SOURCE, "{\"trade_status\":\"TRADE_SUCCESS\",\"note\":\"<b>已支付</b>\"}",
                at.plusSeconds(1));
        Refund refund = answeredRefund(p, "{\"refund_status\":\"REFUND_PROCESSING\"}", at.plusSeconds(2));
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String page = support.get("/admin/payments/" + p.tenantId().value() + "/" + p.id().value()).body();

        assertThat(page).contains("The channel&#39;s answer, as received")
                .contains("{&quot;trade_status&quot;:&quot;TRADE_SUCCESS&quot;,&quot;note&quot;:&quot;"
                        + "&lt;b&gt;已支付&lt;/b&gt;&quot;}")
                .doesNotContain("<b>已支付</b>");
        assertThat(page).contains("Latest answer from the channel, received</span> <time class=\"instant\" datetime=\""
                        + at.plusSeconds(2) + "\"")
                .contains("{&quot;refund_status&quot;:&quot;REFUND_PROCESSING&quot;}")
                .contains(refund.id().value());
        assertThat(page).as("a callback's raw bytes").doesNotContain("callback-bytes-never-shown");
        assertThat(page).doesNotContain("cut: the first");
    }

    @Test
    void aLongAnswerIsCutWithANoteInEitherLanguage() throws Exception {
        Payment p = payment(tenant());
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS).minusSeconds(60);
        recorded(p, StatusQuery.NOTIFICATION_SOURCE, "q".repeat(ChannelWords.MAX_TEXT) + "END-OF-QUERY-ANSWER", at);
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        String path = "/admin/payments/" + p.tenantId().value() + "/" + p.id().value();

        String english = support.get(path).body();
        String chinese = support.get(path + "?lang=zh-CN").body();

        int whole = ChannelWords.MAX_TEXT + "END-OF-QUERY-ANSWER".length();
        assertThat(english).contains("q".repeat(ChannelWords.MAX_TEXT)).doesNotContain("END-OF-QUERY-ANSWER")
                .contains("cut: the first 2,000 of " + String.format("%,d", whole) + " characters");
        assertThat(chinese).contains("渠道应答原文").contains("已截断：仅显示前 2,000 个字符，共 "
                + String.format("%,d", whole) + " 个字符");
    }
}
