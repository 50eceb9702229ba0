package dev.tristate.bootstrap;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import dev.tristate.adapter.out.persistence.WorkloadRoutingDataSource;
import dev.tristate.application.shared.port.out.Workload;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Hikari's meters ({@code hikaricp.connections.pending}, {@code .acquire}, {@code .timeout} ...) for every pool,
 * tagged {@code pool}. Spring Boot binds the pools it finds behind DataSource beans; the application's one DataSource
 * routes between a pool per workload, and Boot sees only the pool the routing picks on its own thread.
 */
@Configuration(proxyBeanMethods = false)
class ConnectionPoolMetrics {

    @Bean
    MeterBinder workloadPoolMetrics(WorkloadRoutingDataSource dataSource) {
        return registry -> {
            for (Workload workload : Workload.values()) {
                HikariDataSource pool = dataSource.pool(workload);
                if (pool != null) {
                    bind(pool, registry);
                }
            }
        };
    }

    private static void bind(HikariDataSource pool, MeterRegistry registry) {
        // A pool takes one tracker factory, once: skip a pool that Boot's own binder has already given one.
        if (pool.getMetricRegistry() == null && pool.getMetricsTrackerFactory() == null) {
            pool.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        }
    }
}
