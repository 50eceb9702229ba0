package dev.tristate.application.fixturealpha.port.in;

/** The inbound port of a fixture feature. */
public interface AlphaUseCase {
    void run();
}
