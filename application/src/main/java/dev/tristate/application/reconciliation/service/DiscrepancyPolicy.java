package dev.tristate.application.reconciliation.service;

import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One way a statement day is compared with one of our ledgers, finding the discrepancies of its classes. A policy
 * whose ledger is not part of this build compares nothing and says why: the run records it as a skipped check.
 */
public interface DiscrepancyPolicy {

    /** The discrepancy classes this policy finds. */
    Set<DiscrepancyClass> classes();

    Verdict check(StatementDay day);

    sealed interface Verdict {

        /** The ledger was compared: these are its gaps (none when it agrees). */
        record Compared(List<Finding> findings) implements Verdict {
            public Compared {
                findings = List.copyOf(findings);
            }
        }

        /** The ledger could not be compared, and why. */
        record NotCompared(DiscrepancyClass kind, String why) implements Verdict {
            public NotCompared {
                Objects.requireNonNull(kind, "class");
                Objects.requireNonNull(why, "why");
            }

            /** The skipped check as the run shows it. */
            public String describe() {
                return kind + ": not compared, " + why;
            }
        }
    }
}
