package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.outbox.port.out.BacklogSampleStoreContract;

class InMemoryBacklogSampleStoreTest extends BacklogSampleStoreContract {

    private final InMemoryBacklogSampleStore store = new InMemoryBacklogSampleStore();

    @Override
    protected BacklogSampleStore store() {
        return store;
    }
}
