package dev.tristate.bootstrap;

import dev.tristate.application.shared.port.out.WorkLog;
import org.slf4j.Logger;
import org.slf4j.MDC;

/**
 * The work log on SLF4J: the ids go into the MDC (the prod profile's ECS lines carry MDC entries as fields, next to
 * the tracer's {@code traceId} and {@code spanId}), and come off it when their scope closes, so that a thread that goes
 * on to other work does not name them on its lines.
 */
final class MdcWorkLog implements WorkLog {

    private final Logger logger;

    MdcWorkLog(Logger logger) {
        this.logger = logger;
    }

    @Override
    public Scope about(String key, String value) {
        if (value == null) {
            return () -> { };
        }
        String before = MDC.get(key);
        MDC.put(key, value);
        return () -> {
            if (before == null) {
                MDC.remove(key);
            } else {
                MDC.put(key, before);
            }
        };
    }

    @Override
    public void warn(String message) {
        logger.warn(message);
    }
}
