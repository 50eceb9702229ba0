package dev.tristate.benchmark.baseline;

import dev.tristate.application.outbox.port.out.EventPublisher;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * The relay benchmark's one-by-one baseline (docs/benchmarks.md), added from outside to the application as shipped:
 * the relay's publisher is handed every event of a claimed batch as a batch of its own, so each message waits for
 * its own confirm before the next is sent, and everything else (the claim, the batch size, the marking of the batch
 * as sent, the relay loops) stays the application's. The benchmark starts that process with this package on the
 * Spring Boot loader's path and {@code --spring.main.sources} naming this class; no other process sees it.
 */
public final class OneByOneConfirms implements BeanPostProcessor {

    /**
     * Printed once the publisher is wrapped: the benchmark looks for it in the application's log, so that a
     * baseline that did not take effect is an error and not a batched relay measured under the baseline's name. A
     * compile-time constant, so the benchmark reads it without loading this class (Spring is not on its class path).
     */
    public static final String WRAPPED = "tristate-benchmark: the relay publishes one event per batch";

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof EventPublisher publisher && !(bean instanceof OneByOnePublisher)) {
            System.out.println(WRAPPED + " (bean " + beanName + ")");
            return new OneByOnePublisher(publisher);
        }
        return bean;
    }
}
