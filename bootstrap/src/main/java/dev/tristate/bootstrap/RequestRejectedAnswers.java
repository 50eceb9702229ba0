package dev.tristate.bootstrap;

import dev.tristate.adapter.in.web.problem.ProblemJson;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.adapter.in.web.problem.StatusProblems;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Spring Security's firewall refuses a request (a {@code ;}, an encoded {@code %} or {@code .} in the path, a
 * header value with control characters): that is bad input, 400, never the catch-all's 500. Merchant API paths get
 * problem JSON, every other path the container's 400 error page. The firewall refuses either before the filter
 * chain (the {@link RequestRejectedHandler}) or when a controller reads the header (the advice, ahead of the generic
 * one).
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestRejectedAnswers implements RequestRejectedHandler {

    private static final Logger log = LoggerFactory.getLogger(RequestRejectedAnswers.class);

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException rejected)
            throws IOException {
        answer(request, response, rejected);
    }

    @ExceptionHandler(RequestRejectedException.class)
    void rejected(RequestRejectedException rejected, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        answer(request, response, rejected);
    }

    private static void answer(HttpServletRequest request, HttpServletResponse response,
                               RequestRejectedException rejected) throws IOException {
        log.info("{} request rejected: {}", request.getMethod(), rejected.getMessage());
        if (response.isCommitted()) {
            return;
        }
        response.reset();
        String uri = request.getRequestURI();
        if (StatusProblems.isApiPath(uri)) {
            ProblemJson.write(Problems.requestRejected(), "/api", response);
        } else {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST);
        }
    }
}
