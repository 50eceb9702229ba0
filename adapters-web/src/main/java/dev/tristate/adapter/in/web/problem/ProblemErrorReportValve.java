package dev.tristate.adapter.in.web.problem;

import java.io.IOException;
import java.io.Writer;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.buf.MessageBytes;

/**
 * Tomcat's error report for requests it refuses before the application sees them (a bad request line, a control
 * character in a header, an undecodable path): problem JSON for merchant API paths and for requests whose path could
 * not be read, Tomcat's own short page without server details for the others. A 501/505 for an unparseable request
 * becomes 400 ({@link StatusProblems}).
 */
public final class ProblemErrorReportValve extends ErrorReportValve {

    public ProblemErrorReportValve() {
        setShowReport(false);
        setShowServerInfo(false);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0) {
            return;
        }
        int clientStatus = StatusProblems.clientStatus(status);
        if (clientStatus != status) {
            response.setStatus(clientStatus);
        }
        String uri = rawUri(request);
        // A request line Tomcat could not parse has no path at all: problem JSON too, as a client of the API would
        // expect, since nothing says it was meant for a page.
        boolean unparsed = uri == null || uri.isEmpty();
        if (!unparsed && !StatusProblems.isApiPath(uri)) {
            super.report(request, response, throwable);
            return;
        }
        if (!response.setErrorReported()) {
            return;
        }
        try {
            response.setContentType(ProblemJson.PROBLEM_JSON.toString());
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                String instance = unparsed ? "/" : instance(uri);
                writer.write(ProblemJson.render(StatusProblems.forStatus(clientStatus), instance));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the answer was begun elsewhere: nothing more to say
        }
    }

    /** The path as sent when it is plain printable ASCII; a refused path is not echoed byte for byte. */
    private static String instance(String uri) {
        for (int i = 0; i < uri.length(); i++) {
            if (uri.charAt(i) <= 0x20 || uri.charAt(i) >= 0x7F) {
                return "/api";
            }
        }
        return uri;
    }

    private static String rawUri(Request request) {
        MessageBytes uri = request.getCoyoteRequest().requestURI();
        return uri == null || uri.isNull() ? null : uri.toString();
    }
}
