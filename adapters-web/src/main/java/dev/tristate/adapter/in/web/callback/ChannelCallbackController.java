package dev.tristate.adapter.in.web.callback;

import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.in.UnknownChannel;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpHeaders;
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

    private static final String BODY_CUT_OFF = ChannelCallbackController.class.getName() + ".bodyCutOff";
    private static final byte[] UNKNOWN_CHANNEL = "{\"code\":\"UNKNOWN_CHANNEL\"}".getBytes(StandardCharsets.UTF_8);

    private final HandleChannelNotificationUseCase notifications;
    private final int maxBodyBytes;
    private final int maxHeaderBytes;
    private final String retryAfterSeconds;
    private final Duration bodyReadTimeout;
    private final CurrentTraceId trace;

    /** Without tracing: the notification records get the caller's X-Request-Id or a new id. */
    ChannelCallbackController(HandleChannelNotificationUseCase notifications, int maxBodyBytes, int maxHeaderBytes,
                              Duration rejectedPeriod, Duration bodyReadTimeout) {
        this(notifications, maxBodyBytes, maxHeaderBytes, rejectedPeriod, bodyReadTimeout, CurrentTraceId.NONE);
    }

    @Autowired
    ChannelCallbackController(HandleChannelNotificationUseCase notifications,
                              @Value("${tristate.callbacks.max-body-bytes:65536}") int maxBodyBytes,
                              @Value("${tristate.callbacks.max-header-bytes:16384}") int maxHeaderBytes,
                              @Value("${tristate.callbacks.rejected.period:1m}") Duration rejectedPeriod,
                              @Value("${tristate.callbacks.body-read-timeout:5s}") Duration bodyReadTimeout,
                              ObjectProvider<CurrentTraceId> trace) {
        this(notifications, maxBodyBytes, maxHeaderBytes, rejectedPeriod, bodyReadTimeout,
                trace.getIfAvailable(() -> CurrentTraceId.NONE));
    }

    ChannelCallbackController(HandleChannelNotificationUseCase notifications, int maxBodyBytes, int maxHeaderBytes,
                              Duration rejectedPeriod, Duration bodyReadTimeout, CurrentTraceId trace) {
        this.trace = trace;
        this.notifications = notifications;
        this.maxBodyBytes = maxBodyBytes;
        this.maxHeaderBytes = maxHeaderBytes;
        this.bodyReadTimeout = bodyReadTimeout;
        // Past the budget of refused callbacks a caller is answered 429 until the budget's period has refilled it.
        this.retryAfterSeconds = String.valueOf(Math.max(1, rejectedPeriod.toSeconds()));
    }

    @PostMapping("/callbacks/{channel}")
    ResponseEntity<byte[]> callback(@PathVariable String channel, HttpServletRequest request) throws IOException {
        return entity(handle(channel, null, request), request);
    }

    @PostMapping("/callbacks/{channel}/{account}")
    ResponseEntity<byte[]> callbackForAccount(@PathVariable String channel, @PathVariable String account,
                                              HttpServletRequest request) throws IOException {
        return entity(handle(channel, account, request), request);
    }

    /** The fast path: handles the callback and writes the answer straight to the response. */
    void write(String channel, String account, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        send(handle(channel, account, request), request, response);
    }

    /**
     * Refuses, recorded and in the channel's words, a request at a path that is no callback address: {@code channel}
     * is what the path names first.
     */
    void writeRefused(String channel, HttpServletRequest request, HttpServletResponse response, String reason)
            throws IOException {
        RawNotification raw = read(channel, null, request);
        Answer answer;
        try {
            answer = answer(notifications.refuse(raw, caller(request), reason));
        } catch (UnknownChannel e) {
            answer = unknownChannel();
        }
        send(answer, request, response);
    }

    private void send(Answer answer, HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(answer.status());
        if (request.getAttribute(BODY_CUT_OFF) != null) {
            response.setHeader(HttpHeaders.CONNECTION, "close");
        }
        if (answer.status() == HttpStatus.TOO_MANY_REQUESTS.value()) {
            response.setHeader(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
        }
        response.setContentType(answer.contentType());
        response.setContentLength(answer.body().length);
        response.getOutputStream().write(answer.body());
    }

    private ResponseEntity<byte[]> entity(Answer answer, HttpServletRequest request) {
        ResponseEntity.BodyBuilder entity = ResponseEntity.status(answer.status())
                .contentType(MediaType.parseMediaType(answer.contentType()));
        if (request.getAttribute(BODY_CUT_OFF) != null) {
            entity.header(HttpHeaders.CONNECTION, "close");
        }
        if (answer.status() == HttpStatus.TOO_MANY_REQUESTS.value()) {
            entity.header(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
        }
        return entity.body(answer.body());
    }

    private Answer handle(String channel, String account, HttpServletRequest request) throws IOException {
        RawNotification raw = read(channel, account, request);
        try {
            return answer(notifications.handle(raw, caller(request)));
        } catch (UnknownChannel e) {
            return unknownChannel();
        }
    }

    private RawNotification read(String channel, String account, HttpServletRequest request) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        int headerBytes = 0;
        for (String name : Collections.list(request.getHeaderNames())) {
            List<String> values = Collections.list(request.getHeaders(name)).stream()
                    .map(HeaderText::decoded).toList();
            headers.put(name, values);
            for (String value : values) {
                headerBytes += name.length() + value.length() + 4;
            }
        }
        boolean headersTooLarge = headerBytes > maxHeaderBytes;
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        long deadline = System.nanoTime() + bodyReadTimeout.toNanos();
        try (ServletInputStream in = request.getInputStream()) {
            byte[] buffer = new byte[8192];
            int n;
            while (received.size() <= maxBodyBytes
                    && (n = in.read(buffer, 0, Math.min(buffer.length, maxBodyBytes + 1 - received.size()))) > 0) {
                received.write(buffer, 0, n);
                if (System.nanoTime() - deadline > 0 && !in.isFinished()) {
                    // A body that trickles in never trips the socket's read timeout, yet must not hold a callback
                    // thread: what arrived by the deadline is judged as it is (it cannot verify), and the connection
                    // closes rather than wait for the rest.
                    request.setAttribute(BODY_CUT_OFF, Boolean.TRUE);
                    break;
                }
            }
        } catch (IOException stopped) {
            // A body that stopped coming (read timeout, dropped connection) ): what arrived is
            // judged as it is, so it is recorded and refused (it cannot verify) rather than answered with a 500.
        }
        byte[] body = received.toByteArray();
        boolean bodyTooLarge = body.length > maxBodyBytes;
        if (bodyTooLarge) {
            body = Arrays.copyOf(body, maxBodyBytes);
        }
        return new RawNotification(channel, account, headersTooLarge ? Map.of() : headers, body, bodyTooLarge,
                traceId(request), headersTooLarge);
    }

    private static Answer answer(ChannelAnswer answer) {
        return new Answer(answer.httpStatus(), answer.contentType(), answer.body().getBytes(StandardCharsets.UTF_8));
    }

    private static Answer unknownChannel() {
        return new Answer(HttpStatus.NOT_FOUND.value(), MediaType.APPLICATION_JSON_VALUE, UNKNOWN_CHANNEL);
    }

    /** Who sent it, as far as the connection tells: the budget for rejected notifications is kept per caller. */
    private static String caller(HttpServletRequest request) {
        String address = request.getRemoteAddr();
        return address == null || address.isBlank() ? HandleChannelNotificationUseCase.UNKNOWN_CALLER : address;
    }

    /**
     * The notification record's trace id: the request's trace (continued from the caller's traceparent, if it sent
     * one), so that the record leads to the trace; without tracing, the caller's X-Request-Id or a new one.
     */
    private String traceId(HttpServletRequest request) {
        Optional<String> traced = trace.get();
        if (traced.isPresent()) {
            return traced.get();
        }
        String given = request.getHeader("X-Request-Id");
        if (given != null && given.matches("[A-Za-z0-9._\\-]{1,64}")) {
            return given;
        }
        return UUID.randomUUID().toString();
    }

    private record Answer(int status, String contentType, byte[] body) {
    }
}
