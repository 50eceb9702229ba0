package dev.tristate.application.tenant.port.in;

import dev.tristate.domain.tenant.TenantId;
import java.net.URI;

/** Sets where a tenant's own service hears about grants: an absolute http(s) URL. */
public interface ConfigureTenantWebhookUseCase {

    /**
     * @throws IllegalArgumentException when the endpoint is not an absolute http or https URL, or the deployment's
     *                                  network rule refuses it (http on production, a private address)
     */
    void configure(TenantId tenantId, URI endpoint);

    /**
     * The endpoint if it is an absolute http or https URL with a host, of at most 1024 characters.
     *
     * @throws IllegalArgumentException otherwise, saying what an endpoint must be
     */
    static URI checkedEndpoint(String endpoint) {
        URI uri;
        try {
            uri = endpoint == null ? null : new URI(endpoint.strip());
        } catch (java.net.URISyntaxException e) {
            uri = null;
        }
        String scheme = uri == null || uri.getScheme() == null ? ""
                : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (uri == null || !uri.isAbsolute() || !(scheme.equals("http") || scheme.equals("https"))
                || uri.getHost() == null || uri.toString().length() > 1024) {
            throw new IllegalArgumentException("a webhook endpoint is an absolute http(s) URL of at most 1024"
                    + " characters");
        }
        return uri;
    }
}
