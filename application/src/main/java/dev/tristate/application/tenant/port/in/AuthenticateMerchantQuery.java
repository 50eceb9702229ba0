package dev.tristate.application.tenant.port.in;

import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.TenantId;
import java.util.Optional;

/** Who is calling the merchant API: the tenant whose key this is, if the key is known and not expired. */
public interface AuthenticateMerchantQuery {

    Optional<TenantId> tenantFor(ApiKey apiKey);
}
