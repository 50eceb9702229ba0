package dev.tristate.application.archfixture;

import org.springframework.transaction.annotation.Transactional;

/** Deliberate violation: @Transactional above the adapters. */
public class ApplicationClassUsingSpring {
    @Transactional
    public void work() {
    }
}
