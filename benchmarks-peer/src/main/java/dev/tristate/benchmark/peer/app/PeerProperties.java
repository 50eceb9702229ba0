package dev.tristate.benchmark.peer.app;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code peer.*}: where the handler publishes, how long it waits for a confirm, and the directory the benchmark talks
 * to the process through (empty: no steady writer).
 */
@ConfigurationProperties("peer")
public record PeerProperties(String exchange, String queue, String routingKey, Duration confirmTimeout,
                             String workDir) {
}
