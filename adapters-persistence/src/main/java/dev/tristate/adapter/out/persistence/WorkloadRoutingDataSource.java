package dev.tristate.adapter.out.persistence;

import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.application.shared.port.out.Workload;
import java.util.Map;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.datasource.lookup.AbstractRoutingDataSource;

/**
 * One connection pool per {@link Workload}: a connection is taken from the pool of the unit of work running on this
 * thread, so a flood of merchant requests can exhaust its own pool but never the callbacks'.
 */
public class WorkloadRoutingDataSource extends AbstractRoutingDataSource implements DisposableBean {

    private static final ThreadLocal<Workload> CURRENT = ThreadLocal.withInitial(() -> Workload.GENERAL);

    private final Map<Workload, HikariDataSource> pools;

    public WorkloadRoutingDataSource(Map<Workload, HikariDataSource> pools) {
        this.pools = Map.copyOf(pools);
        setTargetDataSources(Map.copyOf(pools));
        setDefaultTargetDataSource(pools.get(Workload.GENERAL));
        setLenientFallback(false);
        afterPropertiesSet();
    }

    /** Runs with the given workload's pool on this thread; restores the previous one afterwards. */
    static Workload use(Workload workload) {
        Workload previous = CURRENT.get();
        CURRENT.set(workload);
        return previous;
    }

    static void restore(Workload previous) {
        CURRENT.set(previous);
    }

    public HikariDataSource pool(Workload workload) {
        return pools.get(workload);
    }

    @Override
    protected Object determineCurrentLookupKey() {
        return CURRENT.get();
    }

    @Override
    public void destroy() {
        pools.values().forEach(HikariDataSource::close);
    }
}
