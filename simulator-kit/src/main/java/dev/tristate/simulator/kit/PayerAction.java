package dev.tristate.simulator.kit;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What the payer can do on a {@link PayPageShell}: the value its button posts as {@code action}. */
public enum PayerAction {
    PAY, FAIL, ABANDON;

    /** The form value, e.g. {@code pay}. */
    public String formValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The action a posted {@code action} value names; empty for a missing or unknown one. */
    public static Optional<PayerAction> of(String formValue) {
        return Arrays.stream(values()).filter(action -> action.formValue().equals(formValue)).findFirst();
    }
}
