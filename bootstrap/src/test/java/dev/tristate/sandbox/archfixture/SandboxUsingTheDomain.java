package dev.tristate.sandbox.archfixture;

import dev.tristate.domain.money.Money;

/** Deliberate violation: the simulated channel reaching into the system's domain. */
public class SandboxUsingTheDomain {
    public Money price() {
        return Money.of(1, "CNY");
    }
}
