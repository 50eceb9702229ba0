package dev.tristate.domain.archfixture;

import dev.tristate.application.fixturealpha.port.in.AlphaUseCase;

/** Deliberate violation of the architecture diagram: the domain depending on the application. */
public class DomainUsingAnInboundPort {
    private AlphaUseCase useCase;
}
