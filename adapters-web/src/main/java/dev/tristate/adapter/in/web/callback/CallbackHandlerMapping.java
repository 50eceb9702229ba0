package dev.tristate.adapter.in.web.callback;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import org.springframework.core.Ordered;
import org.springframework.http.server.PathContainer;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.UriUtils;

/**
 * Maps {@code POST /callbacks/{channel}} and {@code POST /callbacks/{channel}/{account}} straight to
 * {@link ChannelCallbackController#write}, ahead of Spring MVC's annotated mappings. A path with variables matches no
 * annotated mapping directly, so Spring MVC would test it against every mapping of the application (the merchant
 * API's, the console's) on every callback; here it is two string checks. The path variables are decoded as Spring
 * MVC decodes them, and the request carries the same attributes (the matched pattern, which the request metrics use
 * as their {@code uri} tag). Anything else (another method, more or empty segments) is left to the annotated
 * mappings and their usual answers.
 */
final class CallbackHandlerMapping extends AbstractHandlerMapping {

    static final String PREFIX = "/callbacks/";
    private static final String CHANNEL_PATTERN = "/callbacks/{channel}";
    private static final String ACCOUNT_PATTERN = "/callbacks/{channel}/{account}";

    private final ChannelCallbackController controller;

    CallbackHandlerMapping(ChannelCallbackController controller) {
        this.controller = controller;
        setOrder(Ordered.HIGHEST_PRECEDENCE);
    }

    @Override
    protected Object getHandlerInternal(HttpServletRequest request) {
        if (!"POST".equals(request.getMethod())) {
            return null;
        }
        String path = lookupPath(request);
        if (!path.startsWith(PREFIX)) {
            return null;
        }
        String rest = path.substring(PREFIX.length());
        int slash = rest.indexOf('/');
        String channel = slash < 0 ? rest : rest.substring(0, slash);
        String account = slash < 0 ? null : rest.substring(slash + 1);
        if (channel.isEmpty() || (account != null && (account.isEmpty() || account.indexOf('/') >= 0))
                || rest.indexOf(';') >= 0) {
            return null;
        }
        String decodedChannel = UriUtils.decode(channel, StandardCharsets.UTF_8);
        String decodedAccount = account == null ? null : UriUtils.decode(account, StandardCharsets.UTF_8);
        String pattern = account == null ? CHANNEL_PATTERN : ACCOUNT_PATTERN;
        request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, pattern);
        request.setAttribute(HandlerMapping.PATH_WITHIN_HANDLER_MAPPING_ATTRIBUTE, path);
        ServerHttpObservationFilter.findObservationContext(request)
                .ifPresent(context -> context.setPathPattern(pattern));
        return (HttpRequestHandler) (req, res) -> controller.write(decodedChannel, decodedAccount, req, res);
    }

    /** The path within the application, as the annotated mappings see it (not decoded). */
    private static String lookupPath(HttpServletRequest request) {
        if (ServletRequestPathUtils.hasParsedRequestPath(request)) {
            PathContainer path = ServletRequestPathUtils.getParsedRequestPath(request).pathWithinApplication();
            return path.value();
        }
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        return context != null && uri.startsWith(context) ? uri.substring(context.length()) : uri;
    }
}
