package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.shared.port.out.WorkLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/** The ids a work log names are in the MDC while their scope lasts and gone (or as they were) after it. */
class MdcWorkLogTest {

    private final MdcWorkLog workLog = new MdcWorkLog(LoggerFactory.getLogger(MdcWorkLogTest.class));

    @AfterEach
    void clear() {
        MDC.clear();
    }

    @Test
    void anIdIsInTheMdcWhileItsScopeLastsAndGoneAfter() {
        try (WorkLog.Scope tenant = workLog.about(WorkLog.TENANT_ID, "t-1");
             WorkLog.Scope payment = workLog.about(WorkLog.PAYMENT_ID, "pay_1")) {
            assertThat(MDC.get("tenant_id")).isEqualTo("t-1");
            assertThat(MDC.get("payment_id")).isEqualTo("pay_1");
        }
        assertThat(MDC.get("tenant_id")).isNull();
        assertThat(MDC.get("payment_id")).isNull();
    }

    @Test
    void aNullNamesNothingAndAnInnerScopeRestoresTheOuterValue() {
        MDC.put("tenant_id", "outer");
        try (WorkLog.Scope none = workLog.about(WorkLog.PAYMENT_ID, null)) {
            assertThat(MDC.get("payment_id")).isNull();
        }
        try (WorkLog.Scope inner = workLog.about(WorkLog.TENANT_ID, "inner")) {
            assertThat(MDC.get("tenant_id")).isEqualTo("inner");
        }
        assertThat(MDC.get("tenant_id")).isEqualTo("outer");
    }
}
