package dev.tristate.archfixture.cycle.a;

import dev.tristate.archfixture.cycle.b.B;

/** Deliberate violation: a package cycle a -> b -> a. */
public class A {
    B b;
}
