package dev.tristate.application.fakes;

import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.ConsoleUserRepositoryContract;

class InMemoryConsoleUserRepositoryTest extends ConsoleUserRepositoryContract {

    private final InMemoryConsoleUserRepository users = new InMemoryConsoleUserRepository();

    @Override
    protected ConsoleUserRepository users() {
        return users;
    }
}
