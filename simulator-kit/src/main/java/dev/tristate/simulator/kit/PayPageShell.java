package dev.tristate.simulator.kit;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.web.util.HtmlUtils;

/**
 * The payer's page of a simulated checkout: plain HTML with inline styles (nothing loaded from elsewhere, so the
 * strict policy of {@link HtmlAnswer} holds), native buttons in one form (it works with a keyboard alone), and every
 * value escaped. A simulator fills in its own texts and colours; the parts come out in one fixed order: heading and
 * note, the details, a notice, the result, the simulator's own sections, the payer's buttons, the way back to the
 * shop.
 */
public final class PayPageShell {

    /**
     * The channel's look: page background, text colour, the Pay button's colour, the heading's size, and rules of
     * its own for the classes it uses in {@link #result} and {@link #section}.
     */
    public record Theme(String background, String ink, String accent, String headingSize, String extraCss) {
    }

    private final Theme theme;
    private final String header;
    private final List<String> details = new ArrayList<>();
    private final List<String> sections = new ArrayList<>();
    private String notice = "";
    private String result = "";
    private String actions = "";
    private String back = "";

    private PayPageShell(Theme theme, String heading, String note) {
        this.theme = theme;
        this.header = "<h1>" + escape(heading) + "</h1>\n<p class=\"note\">" + escape(note) + "</p>\n";
    }

    /** A page under {@code heading}, with a short {@code note} (that no real money moves) below it. */
    public static PayPageShell of(Theme theme, String heading, String note) {
        return new PayPageShell(theme, heading, note);
    }

    /** A page with a heading and one message alone, e.g. for an unknown trade. */
    public static String message(Theme theme, String title, String text) {
        return document(theme, title, "<h1>" + escape(title) + "</h1>\n<p role=\"alert\">" + escape(text) + "</p>\n");
    }

    /** One line of the details; {@code null} shows as {@code -}. */
    public PayPageShell term(String name, String value) {
        details.add("<dt>" + escape(name) + "</dt><dd>" + escape(value == null ? "-" : value) + "</dd>\n");
        return this;
    }

    /** The amount line of the details, set off in size and found by its id {@code amount}. */
    public PayPageShell amount(String amount) {
        details.add("<dt>Amount</dt><dd class=\"amount\" id=\"amount\">" + escape(amount) + "</dd>\n");
        return this;
    }

    /** Something the payer should read first (an action refused, an attempt failed); {@code null} shows nothing. */
    public PayPageShell notice(String text) {
        notice = text == null ? "" : "<p class=\"notice\" role=\"alert\">" + escape(text) + "</p>\n";
        return this;
    }

    /** Where the payment stands, found by its id {@code result}; {@code statusClass} (or null) picks its colour. */
    public PayPageShell result(String statusClass, String text) {
        String classes = statusClass == null ? "result" : "result " + escape(statusClass);
        result = "<p class=\"" + classes + "\" id=\"result\" role=\"status\">" + escape(text) + "</p>\n";
        return this;
    }

    /** A part of the simulator's own, already HTML: every value in it must have gone through {@link #escape}. */
    public PayPageShell section(String html) {
        sections.add(html);
        return this;
    }

    /**
     * The payer's three buttons, {@link PayerAction#PAY} first and focused. The form has no action attribute: it posts
     * back to this very URL, wherever the simulator is mounted.
     */
    public PayPageShell payerActions(String payLabel, String failLabel) {
        actions = "<form method=\"post\">\n"
                + button(PayerAction.PAY, payLabel, " autofocus")
                + button(PayerAction.FAIL, failLabel, "")
                + button(PayerAction.ABANDON, "Abandon", "")
                + "</form>\n";
        return this;
    }

    /**
     * The link back to the merchant's shop, found by its id {@code return}, or, without a usable address, the text
     * {@code noAddress}. Only an absolute http or https address becomes a link ({@link #isWebAddress}): the page
     * never renders a {@code javascript:} or {@code data:} link that a merchant (or anyone registering trades) sent.
     * The shop opens without a handle on this page ({@code rel="noopener"}).
     */
    public PayPageShell backToShop(String returnUrl, String label, String noAddress) {
        back = isWebAddress(returnUrl)
                ? "<p class=\"back\"><a id=\"return\" href=\"" + escape(returnUrl) + "\" rel=\"noopener\">"
                        + escape(label) + "</a></p>\n"
                : "<p class=\"back\" id=\"no-return\">" + escape(noAddress) + "</p>\n";
        return this;
    }

    /** Whether {@code url} is an absolute http or https URL with a host, the only kind a pay page links to. */
    public static boolean isWebAddress(String url) {
        if (url == null || url.isBlank()) {
            return false;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    && !uri.getHost().isEmpty();
        } catch (URISyntaxException notAUri) {
            return false;
        }
    }

    /** The whole document, titled {@code title}. */
    public String render(String title) {
        StringBuilder main = new StringBuilder(header).append("<dl>\n");
        details.forEach(main::append);
        main.append("</dl>\n").append(notice).append(result);
        sections.forEach(main::append);
        return document(theme, title, main.append(actions).append(back).toString());
    }

    /** HTML-escapes text for an element's content or a quoted attribute ({@code & < > " '}); nothing else. */
    public static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }

    private static String button(PayerAction action, String label, String attributes) {
        return "<button type=\"submit\" name=\"action\" value=\"" + action.formValue() + "\"" + attributes + ">"
                + escape(label) + "</button>\n";
    }

    private static String document(Theme theme, String title, String main) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s</title>
                <style>
                body { font-family: system-ui, sans-serif; margin: 0; background: %s; color: %s; }
                main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem 2rem; background: #fff;
                       border-radius: .5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
                h1 { font-size: %s; margin-top: 0; }
                h2 { font-size: 1.1rem; }
                .note { color: #555; font-size: .9rem; }
                dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
                dt { font-weight: 600; }
                dd { margin: 0; overflow-wrap: anywhere; }
                .amount { font-size: 1.2rem; font-weight: 700; }
                form { display: flex; flex-wrap: wrap; gap: .6rem; margin-top: 1.2rem; }
                button { font: inherit; padding: .55rem 1rem; border-radius: .35rem; border: 1px solid #666;
                         background: #fff; color: %s; cursor: pointer; }
                button[value=pay] { background: %s; border-color: %s; color: #fff; }
                button:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
                .result { font-weight: 700; }
                .notice { color: #a4161a; }
                %s</style>
                </head>
                <body>
                <main>
                %s</main>
                </body>
                </html>
                """.formatted(escape(title), theme.background(), theme.ink(), theme.headingSize(), theme.ink(),
                theme.accent(), theme.accent(), theme.extraCss(), main);
    }
}
