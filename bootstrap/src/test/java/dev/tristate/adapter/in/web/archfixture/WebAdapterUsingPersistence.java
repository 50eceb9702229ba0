package dev.tristate.adapter.in.web.archfixture;

import dev.tristate.adapter.out.persistence.SpringTransactions;

/** Deliberate violation: one adapter reaching into another. */
public class WebAdapterUsingPersistence {
    public Class<?> sneak() {
        return SpringTransactions.class;
    }
}
