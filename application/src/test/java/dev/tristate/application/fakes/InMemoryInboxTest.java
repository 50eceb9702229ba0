package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.InboxContract;

class InMemoryInboxTest extends InboxContract {

    private final InMemoryInbox store = new InMemoryInbox();


    @Override
    protected Inbox inbox() {
        return store;
    }
}
