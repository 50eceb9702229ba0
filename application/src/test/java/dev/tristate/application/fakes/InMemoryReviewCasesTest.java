package dev.tristate.application.fakes;

import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.port.out.ReviewCasesContract;
import java.util.concurrent.atomic.AtomicLong;

class InMemoryReviewCasesTest extends ReviewCasesContract {

    private final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    private final AtomicLong notifications = new AtomicLong();

    @Override
    protected ReviewCases reviews() {
        return reviews;
    }

    @Override
    protected long aNotificationId() {
        return notifications.incrementAndGet();
    }
}
