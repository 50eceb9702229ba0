package dev.tristate.adapter.in.admin;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * A console address that names no page: a 404 page inside the console's layout, in the person's language. Without
 * it the request would fall through to the static resources and be answered as the merchant API answers, in problem
 * JSON. Every page's own mapping is more specific than this one and wins; the assets keep their own handler.
 */
@Controller
class NotFoundController {

    @GetMapping("/admin/{first:(?!assets$).+}/**")
    String notFound(HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        return "admin/not-found";
    }
}
