package dev.tristate.archfixture.cycle.b;

import dev.tristate.archfixture.cycle.a.A;

public class B {
    A a;
}
