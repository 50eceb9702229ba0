package dev.tristate.adapter.in.web.problem;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards Spring Boot's {@code /error} path. Asked for directly, it is not found (Spring's error controller would answer
 * a request with no error behind it as a 500). Reached as the error page of a merchant API request (a
 * {@code sendError} outside Spring MVC, an exception escaping a filter), the answer is problem JSON like every other
 * API answer; for every other path the error page goes on as configured.
 */
public final class ErrorDispatchFilter extends OncePerRequestFilter {

    public static final String PATH = "/error";

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getDispatcherType() == DispatcherType.REQUEST) {
            ProblemJson.write(Problems.notFound(), request.getRequestURI(), response);
            return;
        }
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (request.getDispatcherType() == DispatcherType.ERROR && uri instanceof String path
                && StatusProblems.isApiPath(path) && !response.isCommitted()) {
            Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
            int code = status instanceof Integer i ? i : HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
            response.reset();
            ProblemJson.write(StatusProblems.forStatus(code), path, response);
            return;
        }
        chain.doFilter(request, response);
    }
}
