package dev.tristate.adapter.in.admin;

import dev.tristate.application.shared.port.in.InvalidInput;
import dev.tristate.domain.tenant.TenantId;
import java.util.function.Supplier;

/**
 * Reads a request's parameters into values and commands. A value refuses what it cannot be with an
 * {@link IllegalArgumentException}; read here, that is the person's mistake ({@link InvalidInput}, a 400 page),
 * while the same exception escaping a use case is a broken invariant (an error page).
 */
final class ConsoleInput {

    private ConsoleInput() {
    }

    static <T> T read(Supplier<T> reading) {
        try {
            return reading.get();
        } catch (IllegalArgumentException unusable) {
            throw new InvalidInput(unusable.getMessage());
        }
    }

    /** A tenant filter: none when left blank. */
    static TenantId optionalTenant(String tenant) {
        return tenant == null || tenant.isBlank() ? null : read(() -> new TenantId(tenant.strip()));
    }
}
