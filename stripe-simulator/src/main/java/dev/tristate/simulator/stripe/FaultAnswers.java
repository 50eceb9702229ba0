package dev.tristate.simulator.stripe;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** How a forced {@link Fault} answers. */
final class FaultAnswers {

    private FaultAnswers() {
    }

    static void answer(Fault fault, HttpServletResponse response) throws IOException {
        switch (fault.kind()) {
            case ERROR -> ApiFilter.write(response, fault.status(), StripeApiError.body(fault.type(), fault.code(),
                    fault.message() == null ? "Simulated error." : fault.message(), fault.param()).toString());
            case GARBAGE -> {
                response.setStatus(200);
                response.setContentType("text/html");
                response.getOutputStream().write("<html>502 Bad Gateway</html>".getBytes(StandardCharsets.UTF_8));
            }
            case RESET -> {
                // A head that promises more than ever comes: the client reads a cut-off body.
                response.setStatus(200);
                response.setContentType("application/json");
                response.setContentLength(4096);
                OutputStream out = response.getOutputStream();
                out.write("{\"id\":\"".getBytes(StandardCharsets.UTF_8));
                out.flush();
                // Tomcat closes a connection whose body fell short of its Content-Length: the client sees it cut.
                response.flushBuffer();
            }
            case HANG -> throw new IllegalStateException("a hang is waited, not answered");
        }
    }

    static void hang(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
