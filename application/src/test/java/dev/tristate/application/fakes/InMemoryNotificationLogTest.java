package dev.tristate.application.fakes;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.port.out.NotificationLogContract;

class InMemoryNotificationLogTest extends NotificationLogContract {

    private final InMemoryNotificationStores.Log log = new InMemoryNotificationStores.Log();

    @Override
    protected NotificationLog log() {
        return log;
    }
}
