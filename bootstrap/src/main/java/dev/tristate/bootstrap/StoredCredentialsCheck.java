package dev.tristate.bootstrap;

import dev.tristate.application.tenant.port.in.UnusableCredentialsQuery;
import dev.tristate.application.tenant.port.in.UnusableCredentialsQuery.UnusableCredential;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Says at start-up which stored channel accounts cannot be used (the dashboard shows the same list). Stored data never
 * stops the start: a failure to check is logged like the rows themselves, and the process goes on.
 */
@Component
@Order(Ordered.LOWEST_PRECEDENCE)
class StoredCredentialsCheck implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(StoredCredentialsCheck.class);

    private final UnusableCredentialsQuery unusable;

    StoredCredentialsCheck(UnusableCredentialsQuery unusable) {
        this.unusable = unusable;
    }

    @Override
    public void run(ApplicationArguments args) {
        try {
            for (UnusableCredential row : unusable.unusableCredentials()) {
                log.warn("Stored {} account of tenant {} cannot be used and is skipped: {}", row.channel(),
                        row.tenantId().value(), row.reason());
            }
        } catch (RuntimeException checkFailed) {
            log.warn("The stored channel accounts could not be checked at start-up: {}", checkFailed.toString());
        }
    }
}
