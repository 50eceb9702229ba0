package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ApiProblemException;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.application.tenant.port.in.AuthenticateMerchantQuery;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.TenantId;

/**
 * {@code Authorization: Bearer <api key>} to the calling tenant, or 401 saying what is wrong. The key itself is never
 * echoed; an ill-formed key and an unknown one get the same answer, so the answer tells nothing about which keys exist.
 */
final class MerchantAuthenticator {

    private static final String BEARER = "Bearer ";

    private final AuthenticateMerchantQuery query;

    MerchantAuthenticator(AuthenticateMerchantQuery query) {
        this.query = query;
    }

    TenantId authenticate(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            throw refused("the Authorization header is missing; send Authorization: Bearer <api key>");
        }
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw refused("the Authorization header is not a Bearer token; send Authorization: Bearer <api key>");
        }
        ApiKey key;
        try {
            key = new ApiKey(authorization.substring(BEARER.length()).trim());
        } catch (IllegalArgumentException e) {
            throw unknownKey();
        }
        return query.tenantFor(key).orElseThrow(MerchantAuthenticator::unknownKey);
    }

    private static ApiProblemException unknownKey() {
        return refused("the API key is unknown or expired");
    }

    private static ApiProblemException refused(String detail) {
        return new ApiProblemException(Problems.unauthenticated(detail));
    }
}
