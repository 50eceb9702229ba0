package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStoreContract;

class InMemoryConsumerDeliveryStoreTest extends ConsumerDeliveryStoreContract {

    private final InMemoryConsumerDeliveryStore store = new InMemoryConsumerDeliveryStore();


    @Override
    protected ConsumerDeliveryStore store() {
        return store;
    }
}
