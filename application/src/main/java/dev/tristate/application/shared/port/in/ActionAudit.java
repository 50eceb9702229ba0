package dev.tristate.application.shared.port.in;

import java.time.Instant;

/**
 * The audit entry of an operator action whose effect a use case applies in transactions of its own (because the
 * effect needs a network call, which no transaction can hold open): the use case calls {@link #record} inside the
 * transaction that applies the effect, so that the effect and its audit entry commit together or not at all. The
 * entry is keyed by the action's key: when the key is taken (the same form submitted twice, racing), {@code record}
 * throws the persistence port's {@code AlreadyExists} and the use case's transaction, effect included, must roll back.
 */
@FunctionalInterface
public interface ActionAudit {

    /** No operator action to audit (a scheduled run). */
    ActionAudit NONE = (result, detail, at) -> { };

    /**
     * Appends the entry inside the caller's transaction.
     *
     * @param result a result word (ASKED, REPAIRED ...)
     * @param detail what came of it, one line; never a secret
     */
    void record(String result, String detail, Instant at);
}
