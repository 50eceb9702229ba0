package dev.tristate.simulator.kit;

import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * A page of a simulator as an HTTP answer: never cached, never sniffed, sent with no referrer, and under a content
 * security policy that allows its own inline styles and nothing else (no scripts, no frames, nothing fetched).
 */
public final class HtmlAnswer {

    /** Where the page's form may lead the browser, redirects after the post included. */
    public enum FormTargets {
        /** Back to the simulator only. */
        SAME_ORIGIN,
        /** Anywhere: the simulator redirects the payer to the merchant's own pages after paying. */
        ANY_ORIGIN
    }

    private HtmlAnswer() {
    }

    /** The page whose form posts back to the simulator and stays there. */
    public static ResponseEntity<byte[]> of(HttpStatus status, String page) {
        return of(status, page, FormTargets.SAME_ORIGIN);
    }

    public static ResponseEntity<byte[]> of(HttpStatus status, String page, FormTargets formTargets) {
        String formAction = formTargets == FormTargets.SAME_ORIGIN ? "form-action 'self'; " : "";
        return ResponseEntity.status(status)
                .header(HttpHeaders.CONTENT_TYPE, "text/html; charset=UTF-8")
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; "
                        + formAction + "frame-ancestors 'none'; base-uri 'none'")
                .body(page.getBytes(StandardCharsets.UTF_8));
    }
}
