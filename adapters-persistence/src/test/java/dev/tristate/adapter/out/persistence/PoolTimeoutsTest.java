package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoolTimeoutsTest {

    private static HikariConfig pool(long connectionTimeoutMs, long maxLifetimeMs) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("p");
        config.setConnectionTimeout(connectionTimeoutMs);
        config.setMaxLifetime(maxLifetimeMs);
        return config;
    }

    @Test
    void aPoolThatWouldGiveUpBeforeTheStatementTimeoutIsRefusedWithAClearMessage() {
        assertThatThrownBy(() -> PoolTimeouts.requireAbove(Duration.ofSeconds(10), pool(5_000, 1_800_000)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("connection-timeout (5000 ms) must exceed the statement timeout (10000 ms");
        assertThatThrownBy(() -> PoolTimeouts.requireAbove(Duration.ofSeconds(10), pool(10_000, 1_800_000)))
                .as("equal is not above").isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> PoolTimeouts.requireAbove(Duration.ofSeconds(40), pool(60_000, 35_000)))
                .hasMessageContaining("max-lifetime");
    }

    @Test
    void aPoolWithLongerTimeoutsIsAccepted() {
        assertThatCode(() -> PoolTimeouts.requireAbove(Duration.ofSeconds(10), pool(30_000, 1_800_000)))
                .doesNotThrowAnyException();
    }
}
