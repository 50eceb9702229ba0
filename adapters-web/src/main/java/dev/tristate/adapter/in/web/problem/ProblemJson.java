package dev.tristate.adapter.in.web.problem;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.json.JsonMapper;

/**
 * Renders a {@link Problem} as {@code application/problem+json}. One private mapper, not the application's: the bytes
 * must not change with global Jackson settings, because a problem can be stored and replayed under an Idempotency-Key.
 */
public final class ProblemJson {

    public static final MediaType PROBLEM_JSON = MediaType.APPLICATION_PROBLEM_JSON;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProblemJson() {
    }

    /** The problem's JSON text: type, title, status, detail, instance, code, then the extension members. */
    public static String render(Problem problem, String instance) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "urn:tristate:problem:" + problem.code().toLowerCase(Locale.ROOT).replace('_', '-'));
        body.put("title", problem.title());
        body.put("status", problem.status());
        body.put("detail", problem.detail());
        body.put("instance", instance);
        body.put("code", problem.code());
        body.putAll(problem.extensions());
        return JSON.writeValueAsString(body);
    }

    public static ResponseEntity<byte[]> response(Problem problem, String instance) {
        HttpHeaders headers = new HttpHeaders();
        problem.headers().forEach(headers::set);
        headers.setContentType(PROBLEM_JSON);
        return ResponseEntity.status(problem.status()).headers(headers)
                .body(render(problem, instance).getBytes(StandardCharsets.UTF_8));
    }

    /** For filters, which answer before Spring MVC is reached. */
    public static void write(Problem problem, String instance, HttpServletResponse response) throws IOException {
        byte[] body = render(problem, instance).getBytes(StandardCharsets.UTF_8);
        response.setStatus(problem.status());
        problem.headers().forEach(response::setHeader);
        response.setContentType(PROBLEM_JSON.toString());
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
