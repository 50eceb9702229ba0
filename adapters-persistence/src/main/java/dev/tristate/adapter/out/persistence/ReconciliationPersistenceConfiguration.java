package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.reconciliation.MyBatisReconciliationPayments;
import dev.tristate.adapter.out.persistence.reconciliation.MyBatisReconciliationRecords;
import dev.tristate.adapter.out.persistence.reconciliation.ReconciliationMapper;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Ports of statement reconciliation: its runs, discrepancies and holding pool, and the payments of a day. */
@Configuration(proxyBeanMethods = false)
public class ReconciliationPersistenceConfiguration {

    @Bean
    ReconciliationRecords reconciliationRecords(ReconciliationMapper mapper) {
        return new MyBatisReconciliationRecords(mapper);
    }

    @Bean
    ReconciliationPayments reconciliationPayments(ReconciliationMapper mapper) {
        return new MyBatisReconciliationPayments(mapper);
    }
}
