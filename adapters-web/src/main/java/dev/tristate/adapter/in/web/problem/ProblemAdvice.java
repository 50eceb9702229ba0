package dev.tristate.adapter.in.web.problem;

import dev.tristate.application.idempotency.port.in.IdempotencyKeyInUse;
import dev.tristate.application.idempotency.port.in.IdempotencyKeyReused;
import dev.tristate.application.payment.port.in.ChannelRefused;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.refund.port.in.RefundNotFound;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import jakarta.servlet.http.HttpServletRequest;
import java.net.SocketTimeoutException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The one place where exceptions become answers: RFC 9457 problem JSON with a stable {@code code}. Application
 * exceptions, the web adapters' own refusals ({@link ApiProblemException}) and Spring MVC's protocol errors (405,
 * 406, 413, 415, unreadable bodies) are mapped here; anything else is a 500 whose body says nothing about its cause
 * (the cause is logged). No answer ever carries a stack trace, an exception message, SQL or a class name.
 * Unexpected failures of controllers outside the web adapter (the admin console) are left to Spring's own handling.
 *
 * <p>Generic on purpose: it applies to every controller, so that errors raised before a handler is chosen (405, 406,
 * 415, unknown paths) are problem JSON as well. Endpoints that must answer in another format (a channel's own
 * callback answers) catch their exceptions themselves.
 */
@RestControllerAdvice
public class ProblemAdvice {

    private static final Logger log = LoggerFactory.getLogger(ProblemAdvice.class);
    private static final String WEB_ADAPTER = "dev.tristate.adapter.in.web";

    @ExceptionHandler(ApiProblemException.class)
    ResponseEntity<byte[]> refused(ApiProblemException e, HttpServletRequest request) {
        return answer(e.problem(), request);
    }

    @ExceptionHandler(PaymentNotFound.class)
    ResponseEntity<byte[]> paymentNotFound(PaymentNotFound e, HttpServletRequest request) {
        return answer(Problems.paymentNotFound(e.paymentId().value()), request);
    }

    @ExceptionHandler(RefundNotFound.class)
    ResponseEntity<byte[]> refundNotFound(RefundNotFound e, HttpServletRequest request) {
        return answer(Problems.refundNotFound(e.refundId().value()), request);
    }

    @ExceptionHandler(IdempotencyKeyReused.class)
    ResponseEntity<byte[]> keyReused(IdempotencyKeyReused e, HttpServletRequest request) {
        return answer(Problems.idempotencyKeyReused(), request);
    }

    @ExceptionHandler(IdempotencyKeyInUse.class)
    ResponseEntity<byte[]> keyInUse(IdempotencyKeyInUse e, HttpServletRequest request) {
        return answer(Problems.idempotencyKeyInUse(e.retryAfter()), request);
    }

    @ExceptionHandler(ChannelUnavailable.class)
    ResponseEntity<byte[]> channelUnavailable(ChannelUnavailable e, HttpServletRequest request) {
        return answer(Problems.channelUnavailable(e.channel()), request);
    }

    @ExceptionHandler(ChannelRefused.class)
    ResponseEntity<byte[]> channelRefused(ChannelRefused e, HttpServletRequest request) {
        return answer(Problems.channelRefused(e.channel(), e.reason()), request);
    }

    @ExceptionHandler(PersistenceFailure.class)
    ResponseEntity<byte[]> persistenceFailure(PersistenceFailure e, HttpServletRequest request) {
        if (e.outcomeClass().mayRetryBlindly() || e.outcomeClass().mustBeResolved()) {
            log.warn("{} {}: database {} failure", request.getMethod(), request.getRequestURI(), e.outcomeClass(), e);
            return answer(Problems.serviceUnavailable(), request);
        }
        log.error("{} {}: definite database failure", request.getMethod(), request.getRequestURI(), e);
        return answer(Problems.internalError(), request);
    }

    /** Nothing was decided and nothing kept: the same request, sent again, reads the new state. */
    @ExceptionHandler(ChangedMeanwhile.class)
    ResponseEntity<byte[]> changedMeanwhile(ChangedMeanwhile e, HttpServletRequest request) {
        log.warn("{} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        return answer(Problems.serviceUnavailable(), request);
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<byte[]> methodNotAllowed(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        List<String> allowed = e.getSupportedHttpMethods() == null ? List.of()
                : e.getSupportedHttpMethods().stream().map(m -> m.name()).sorted().toList();
        return answer(Problems.methodNotAllowed(request.getMethod(), allowed), request);
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<byte[]> unsupportedMediaType(HttpMediaTypeNotSupportedException e, HttpServletRequest request) {
        return answer(Problems.unsupportedMediaType(names(e.getSupportedMediaTypes())), request);
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<byte[]> notAcceptable(HttpMediaTypeNotAcceptableException e, HttpServletRequest request) {
        List<String> producible = e.getSupportedMediaTypes().isEmpty() ? List.of(MediaType.APPLICATION_JSON_VALUE)
                : names(e.getSupportedMediaTypes());
        return answer(Problems.notAcceptable(producible), request);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<byte[]> unreadable(HttpMessageNotReadableException e, HttpServletRequest request) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RequestBodyTooLarge tooLarge) {
                return answer(Problems.payloadTooLarge(tooLarge.limitBytes()), request);
            }
            if (t instanceof RequestBodyTimedOut || t instanceof SocketTimeoutException) {
                return answer(Problems.requestTimeout(), request);
            }
        }
        return answer(Problems.malformedRequest("the request body could not be read"), request);
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    ResponseEntity<byte[]> noSuchResource(Exception e, HttpServletRequest request) {
        return answer(Problems.notFound(), request);
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<byte[]> unexpected(Exception e, HttpServletRequest request) throws Exception {
        if (request.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE) instanceof HandlerMethod handler
                && !handler.getBeanType().getPackageName().startsWith(WEB_ADAPTER)) {
            // Another adapter's page (the console): its failures are its own to present; rethrown, Spring goes on.
            throw e;
        }
        if (e instanceof ErrorResponse error && error.getStatusCode().value() < 500) {
            HttpStatus status = HttpStatus.resolve(error.getStatusCode().value());
            return answer(Problems.httpStatus(error.getStatusCode().value(),
                    status == null ? "Bad request" : status.getReasonPhrase()), request);
        }
        log.error("{} {}: unexpected failure", request.getMethod(), request.getRequestURI(), e);
        return answer(Problems.internalError(), request);
    }

    private static ResponseEntity<byte[]> answer(Problem problem, HttpServletRequest request) {
        return ProblemJson.response(problem, request.getRequestURI());
    }

    private static List<String> names(List<MediaType> types) {
        return types.stream().map(t -> t.getType() + "/" + t.getSubtype()).distinct().toList();
    }
}
