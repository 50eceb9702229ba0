package dev.tristate.adapter.in.admin;

import java.util.Locale;
import java.util.Map;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/**
 * The words for the codes that data carries onto the pages (outcomes, statuses, reasons a case was opened, where a
 * statement came from, what an audit entry is about), from the bundles in the person's language. Templates reach it
 * as {@code @consoleCodes} (public, as SpEL calls only public methods). A code the bundles do not know yet is shown
 * as itself: a new code never breaks a page.
 */
@Component("consoleCodes")
public class ConsoleCodes {

    /** The bundle group of a timeline entry's outcome, by the entry's kind. */
    private static final Map<String, String> TIMELINE_OUTCOMES = Map.of("CREATED", "status", "TRANSITION", "status",
            "NOTIFICATION", "notificationOutcome", "QUERY", "notificationOutcome", "REVIEW_CASE", "reviewStatus",
            "OUTBOX_EVENT", "outbox", "CONSUMER", "delivery", "TASK", "task", "REFUND", "refundStatus",
            "AUDIT", "result");

    /** The bundle group of a timeline entry's title where the title is a code, by the entry's kind. */
    private static final Map<String, String> TIMELINE_TITLES = Map.of("CREATED", "status", "REVIEW_CASE", "anomaly");

    private final MessageSource messages;

    ConsoleCodes(MessageSource messages) {
        this.messages = messages;
    }

    /** The text of {@code group.code}, or the code itself when the bundles have none; null stays null. */
    public String text(String group, Object code, Locale locale) {
        if (code == null) {
            return null;
        }
        String value = code.toString();
        return messages.getMessage(group + "." + value, null, value, locale);
    }

    /** A timeline entry's title in words where it is a code (the status a payment was created in, a case's reason). */
    public String timelineTitle(Object kind, String title, Locale locale) {
        String group = kind == null ? null : TIMELINE_TITLES.get(kind.toString());
        return group == null ? title : text(group, title, locale);
    }

    /** A timeline entry's outcome (a notification's outcome, a task's status ...) in the words of its kind. */
    public String timelineOutcome(Object kind, String outcome, Locale locale) {
        String group = kind == null ? null : TIMELINE_OUTCOMES.get(kind.toString());
        return group == null ? outcome : text(group, outcome, locale);
    }
}
