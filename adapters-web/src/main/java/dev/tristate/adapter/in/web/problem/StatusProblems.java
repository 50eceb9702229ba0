package dev.tristate.adapter.in.web.problem;

import org.springframework.http.HttpStatus;

/**
 * The problem for a bare status that the servlet container set, with no exception of ours behind it: a request
 * Tomcat refused before any filter ran, or a {@code sendError} outside Spring MVC. A 501 or 505 from the container
 * answers a request it could not parse (an unknown transfer coding, a bad HTTP version): bad input, so 400.
 */
public final class StatusProblems {

    private StatusProblems() {
    }

    /** The status the client gets for a container-level {@code status}. */
    public static int clientStatus(int status) {
        return status == 501 || status == 505 ? 400 : status;
    }

    public static Problem forStatus(int containerStatus) {
        int status = clientStatus(containerStatus);
        if (status >= 500) {
            return Problems.internalError();
        }
        return switch (status) {
            case 400 -> Problems.requestRejected();
            case 404 -> Problems.notFound();
            case 408 -> Problems.requestTimeout();
            case 413 -> Problem.of(413, "PAYLOAD_TOO_LARGE", "Payload too large",
                    "the request is larger than the server accepts");
            default -> {
                HttpStatus known = HttpStatus.resolve(status);
                yield Problems.httpStatus(status, known == null ? "Bad request" : known.getReasonPhrase());
            }
        };
    }

    /**
     * Whether the raw request path belongs to the merchant API, whose every answer is problem JSON. Leading slashes
     * count once, as the container merges them.
     */
    public static boolean isApiPath(String uri) {
        if (uri == null) {
            return false;
        }
        int start = 0;
        while (start + 1 < uri.length() && uri.charAt(start) == '/' && uri.charAt(start + 1) == '/') {
            start++;
        }
        if (!uri.startsWith("/api", start)) {
            return false;
        }
        int after = start + 4;
        return after == uri.length() || "/;%?#\\".indexOf(uri.charAt(after)) >= 0;
    }
}
