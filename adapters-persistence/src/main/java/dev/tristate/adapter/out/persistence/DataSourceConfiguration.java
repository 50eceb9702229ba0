package dev.tristate.adapter.out.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.application.shared.port.out.Workload;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;

/**
 * The application's DataSource: Spring Boot's standard spring.datasource.* settings, made into two Hikari pools
 * (general and callback). The pools' timeouts must exceed the statement timeout, or a request would give up waiting
 * for a connection while statements are still legitimately running; such a configuration is refused at start-up.
 */
@Configuration(proxyBeanMethods = false)
class DataSourceConfiguration {

    @Bean
    @Primary
    WorkloadRoutingDataSource dataSource(DataSourceProperties properties, Environment env) {
        Duration statementTimeout = env.getProperty("tristate.datasource.statement-timeout", Duration.class,
                Duration.ofSeconds(10));
        HikariDataSource general = properties.initializeDataSourceBuilder().type(HikariDataSource.class).build();
        Binder.get(env).bind("spring.datasource.hikari", Bindable.ofInstance(general));
        if (general.getPoolName() == null) {
            general.setPoolName("tristate-general");
        }
        if (general.getTransactionIsolation() == null) {
            // Every unit of work re-reads what it decides on and writes with a precondition; READ COMMITTED avoids
            // REPEATABLE READ's gap locks (deadlocks under concurrent inserts) without giving anything up.
            general.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        }
        ConnectorJ.applyDefaults(general);
        HikariConfig callbackConfig = new HikariConfig();
        general.copyStateTo(callbackConfig);
        callbackConfig.setPoolName(general.getPoolName() + "-callback");
        // The callback pool serves transactions only (Transactions.inTransaction with Workload.CALLBACK), so its
        // connections stay out of autocommit: the transaction manager then has no autocommit to switch off at the
        // start and back on at the end, two statements of the nine a callback sent the server.
        callbackConfig.setAutoCommit(false);
        callbackConfig.setMaximumPoolSize(env.getProperty("tristate.datasource.callback-pool-size", Integer.class,
                Math.max(4, general.getMaximumPoolSize() / 2)));
        if (callbackConfig.getMinimumIdle() > callbackConfig.getMaximumPoolSize()) {
            callbackConfig.setMinimumIdle(callbackConfig.getMaximumPoolSize());
        }
        PoolTimeouts.requireAbove(statementTimeout, general);
        PoolTimeouts.requireAbove(statementTimeout, callbackConfig);
        Map<Workload, HikariDataSource> pools = new EnumMap<>(Workload.class);
        pools.put(Workload.GENERAL, general);
        pools.put(Workload.CALLBACK, new HikariDataSource(callbackConfig));
        return new WorkloadRoutingDataSource(pools);
    }
}
