package dev.tristate.adapter.in.admin;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The pager's links: the page's own path and query with only {@code page} replaced, so that every filter of a list
 * (tenant, status, event type, operator ...) and the chosen language stay as they were when moving between pages.
 * Public for the templates' expressions (SpEL calls public methods of public types only).
 */
public final class PageLinks {

    private final String path;
    private final String query;

    PageLinks(String path, String query) {
        this.path = path;
        this.query = query;
    }

    static PageLinks of(HttpServletRequest request) {
        return new PageLinks(request.getRequestURI(), request.getQueryString());
    }

    /** The link to page {@code page} (0-based) of the same list with the same filters. */
    public String to(int page) {
        // The query is taken as it came (already encoded) and only the page number is written into it.
        return UriComponentsBuilder.fromPath(path).query(query).replaceQueryParam("page", page).build()
                .toUriString();
    }
}
