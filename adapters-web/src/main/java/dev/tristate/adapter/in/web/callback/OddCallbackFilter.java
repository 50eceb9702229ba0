package dev.tristate.adapter.in.web.callback;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Locale;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.UriUtils;

/**
 * Callbacks that Spring Security's firewall would refuse in its own words, unrecorded: a header value with
 * characters outside printable ASCII (a UTF-8 {@code User-Agent}, a tab) or a path with {@code ;}, an encoded
 * {@code %}, dot, slash or backslash, {@code //} or a dot segment; and paths that name no callback address (empty,
 * or more than a channel and an account), which Spring MVC would answer with its own 404. Runs ahead of the security
 * filters, for {@code POST /callbacks/*} only:
 * <ul>
 *   <li>a callback address with odd headers is handled as any callback: the signature is over the body, and the
 *   headers are stored as data, so a channel's proxy adding a non-ASCII header loses no notification;</li>
 *   <li>an odd path is no callback address: it is refused as malformed in the words of the channel its first segment
 *   names (404 {@code UNKNOWN_CHANNEL} when none), and recorded.</li>
 * </ul>
 * Every other request goes on down the chain untouched. What Tomcat refuses itself (control characters in a header,
 * {@code %00} or an encoded slash in the path) never reaches the application; Tomcat answers those 400.
 */
final class OddCallbackFilter extends OncePerRequestFilter {

    private static final String[] ODD_IN_PATH = {";", "%25", "%2e", "%2f", "%5c", "%3b", "\\", "//"};
    private static final int MAX_CHANNEL_LENGTH = 32;

    private final ChannelCallbackController controller;

    OddCallbackFilter(ChannelCallbackController controller) {
        this.controller = controller;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = pathWithinApplication(request);
        if (!"POST".equals(request.getMethod()) || !path.startsWith(CallbackHandlerMapping.PREFIX)) {
            chain.doFilter(request, response);
            return;
        }
        String rest = path.substring(CallbackHandlerMapping.PREFIX.length());
        String[] segments = rest.split("/", -1);
        boolean oddPath = oddPath(path) || segments.length > 2 || segments[0].isEmpty()
                || (segments.length == 2 && segments[1].isEmpty());
        if (!oddPath && plainHeaders(request)) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Cache-Control", "no-store");
        if (oddPath) {
            controller.writeRefused(firstSegment(rest), request, response, "malformed callback path");
            return;
        }
        String channel = UriUtils.decode(segments[0], StandardCharsets.UTF_8);
        String account = segments.length == 2 ? UriUtils.decode(segments[1], StandardCharsets.UTF_8) : null;
        controller.write(channel, account, request, response);
    }

    private static boolean oddPath(String rest) {
        String lower = rest.toLowerCase(Locale.ROOT);
        for (String odd : ODD_IN_PATH) {
            if (lower.contains(odd)) {
                return true;
            }
        }
        for (String segment : lower.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return true;
            }
        }
        return !HeaderText.plain(rest);
    }

    private static boolean plainHeaders(HttpServletRequest request) {
        for (String name : Collections.list(request.getHeaderNames())) {
            if (!HeaderText.plain(name)) {
                return false;
            }
            for (String value : Collections.list(request.getHeaders(name))) {
                if (!HeaderText.plain(value)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The channel an odd path names: its first non-empty segment up to the first odd character, for the answer's words. */
    private static String firstSegment(String path) {
        String rest = path.replaceFirst("^/+", "");
        int end = 0;
        while (end < rest.length() && end < MAX_CHANNEL_LENGTH) {
            char c = rest.charAt(end);
            if (!(Character.isLetterOrDigit(c) && c < 0x80) && c != '-' && c != '_') {
                break;
            }
            end++;
        }
        return end == 0 ? "?" : rest.substring(0, end);
    }

    private static String pathWithinApplication(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        return context != null && !context.isEmpty() && uri.startsWith(context) ? uri.substring(context.length())
                : uri;
    }
}
