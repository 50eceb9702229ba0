package dev.tristate.application.fakes;

import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.AuditTrailContract;

class InMemoryAuditTrailTest extends AuditTrailContract {

    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();

    @Override
    protected AuditTrail audit() {
        return audit;
    }
}
