package dev.tristate.application.reconciliation.port.in;

import dev.tristate.domain.tenant.TenantId;
import java.time.LocalDate;
import java.util.Objects;

/**
 * Reconciles one channel day of one tenant: the statement is fetched from the channel or uploaded (CSV with the
 * sandbox statement's columns), compared with our payments (and, where those ledgers exist, entitlements and
 * refunds), and the run is stored with its discrepancies; each discrepancy's repair is applied when automatic repair
 * is on. Re-running a day finds the same discrepancies and repeats no repair. Throws {@link StatementRejected} for a
 * statement that cannot be read (nothing is stored) and {@link StatementUnavailable} when the channel did not give it.
 */
public interface StartReconciliationUseCase {

    ReconciliationRunView startReconciliation(StartReconciliationCommand command);

    record StartReconciliationCommand(TenantId tenantId, String channel, LocalDate day, StatementSource source,
                                      String operator) {
        public StartReconciliationCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(day, "day");
            Objects.requireNonNull(source, "statement source");
            if (channel == null || channel.isBlank()) {
                throw new IllegalArgumentException("the channel is required");
            }
            if (operator == null || operator.isBlank()) {
                throw new IllegalArgumentException("the operator who starts the run is required");
            }
        }
    }

    /** Where the statement comes from. */
    sealed interface StatementSource {
        String name();

        /** Download it from the channel (the sandbox's statement endpoint). */
        record FetchFromChannel() implements StatementSource {
            @Override
            public String name() {
                return "FETCH";
            }
        }

        /** A file an operator uploaded. */
        record Upload(String fileName, byte[] content) implements StatementSource {
            public Upload {
                Objects.requireNonNull(content, "content");
                fileName = fileName == null || fileName.isBlank() ? "upload.csv" : fileName;
            }

            @Override
            public String name() {
                return "UPLOAD";
            }
        }
    }
}
