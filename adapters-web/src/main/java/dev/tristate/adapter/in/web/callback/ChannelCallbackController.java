package dev.tristate.adapter.in.web.callback;

import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.in.UnknownChannel;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The channels' door. The body is read as raw bytes (never through a message converter: the signature is over the
 * exact bytes) up to a limit, and handed to the use case with the headers; the use case's answer is written only
 * after it returns, that is after its transaction committed.
 *
 * <p>Every {@code POST /callbacks/{channel}} and {@code POST /callbacks/{channel}/{account}} reaches {@link #write}
 * through {@link CallbackHandlerMapping}, ahead of Spring MVC's annotated mappings: matching a path with variables
 * against every annotated mapping of the application, resolving arguments and converting the return value cost a
 * fifth of a callback's CPU (docs/benchmarks.md). The annotated methods below answer the same way; they remain for
 * what the fast mapping leaves to Spring MVC, so that a wrong method or path gets MVC's usual answers.
 */
@RestController
class ChannelCallbackController {

    private static final byte[] UNKNOWN_CHANNEL = "{\"code\":\"UNKNOWN_CHANNEL\"}".getBytes(StandardCharsets.UTF_8);

    private final HandleChannelNotificationUseCase notifications;
    private final int maxBodyBytes;
    private final int maxHeaderBytes;

    ChannelCallbackController(HandleChannelNotificationUseCase notifications,
                              @Value("${tristate.callbacks.max-body-bytes:65536}") int maxBodyBytes,
                              @Value("${tristate.callbacks.max-header-bytes:16384}") int maxHeaderBytes) {
        this.notifications = notifications;
        this.maxBodyBytes = maxBodyBytes;
        this.maxHeaderBytes = maxHeaderBytes;
    }

    @PostMapping("/callbacks/{channel}")
    ResponseEntity<byte[]> callback(@PathVariable String channel, HttpServletRequest request) throws IOException {
        return entity(handle(channel, null, request));
    }

    @PostMapping("/callbacks/{channel}/{account}")
    ResponseEntity<byte[]> callbackForAccount(@PathVariable String channel, @PathVariable String account,
                                              HttpServletRequest request) throws IOException {
        return entity(handle(channel, account, request));
    }

    /** The fast path: handles the callback and writes the answer straight to the response. */
    void write(String channel, String account, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        Answer answer = handle(channel, account, request);
        response.setStatus(answer.status());
        response.setContentType(answer.contentType());
        response.setContentLength(answer.body().length);
        response.getOutputStream().write(answer.body());
    }

    private static ResponseEntity<byte[]> entity(Answer answer) {
        return ResponseEntity.status(answer.status()).contentType(MediaType.parseMediaType(answer.contentType()))
                .body(answer.body());
    }

    private Answer handle(String channel, String account, HttpServletRequest request) throws IOException {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        int headerBytes = 0;
        for (String name : Collections.list(request.getHeaderNames())) {
            List<String> values = Collections.list(request.getHeaders(name));
            headers.put(name, values);
            for (String value : values) {
                headerBytes += name.length() + value.length() + 4;
            }
        }
        boolean headersTooLarge = headerBytes > maxHeaderBytes;
        byte[] body;
        boolean bodyTooLarge;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(maxBodyBytes + 1);
            bodyTooLarge = body.length > maxBodyBytes;
            if (bodyTooLarge) {
                body = java.util.Arrays.copyOf(body, maxBodyBytes);
            }
        }
        RawNotification raw = new RawNotification(channel, account,
                headersTooLarge ? Map.of() : headers, body, bodyTooLarge, traceId(request), headersTooLarge);
        ChannelAnswer answer;
        try {
            answer = notifications.handle(raw);
        } catch (UnknownChannel e) {
            return new Answer(HttpStatus.NOT_FOUND.value(), MediaType.APPLICATION_JSON_VALUE, UNKNOWN_CHANNEL);
        }
        return new Answer(answer.httpStatus(), answer.contentType(), answer.body().getBytes(StandardCharsets.UTF_8));
    }

    private static String traceId(HttpServletRequest request) {
        String given = request.getHeader("X-Request-Id");
        if (given != null && given.matches("[A-Za-z0-9._\\-]{1,64}")) {
            return given;
        }
        return UUID.randomUUID().toString();
    }

    private record Answer(int status, String contentType, byte[] body) {
    }
}
