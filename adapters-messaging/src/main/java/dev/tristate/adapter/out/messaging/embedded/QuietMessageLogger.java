package dev.tristate.adapter.out.messaging.embedded;

import org.apache.qpid.server.logging.LogMessage;
import org.apache.qpid.server.logging.LogSubject;
import org.apache.qpid.server.logging.MessageLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes Qpid's operational log (BRK-, CON-, VHT-... messages under the {@code qpid.message.*}
 * loggers) at DEBUG instead of Qpid's INFO, so an embedded broker does not flood the application
 * log with one line per connection and channel. Enable {@code qpid.message} at DEBUG to see them.
 *
 * <p>This replaces the logger of one broker only; it needs no logging configuration and no
 * JVM-wide system property (the alternative, {@code qpid.broker_status_updates=false}, is global
 * and switches the messages off altogether).
 */
final class QuietMessageLogger implements MessageLogger {

    @Override
    public boolean isEnabled() {
        return true;
    }

    @Override
    public boolean isMessageEnabled(String logHierarchy) {
        return LoggerFactory.getLogger(logHierarchy).isDebugEnabled();
    }

    @Override
    public void message(LogMessage message) {
        Logger logger = LoggerFactory.getLogger(message.getLogHierarchy());
        if (logger.isDebugEnabled()) {
            logger.debug("{}{}", LogMessage.getActor(), message);
        }
    }

    @Override
    public void message(LogSubject subject, LogMessage message) {
        Logger logger = LoggerFactory.getLogger(message.getLogHierarchy());
        if (logger.isDebugEnabled()) {
            logger.debug("{}{}{}", LogMessage.getActor(), subject.toLogString(), message);
        }
    }
}
