package dev.tristate.application.fakes;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Transactions over in-memory fakes: each participant's state is snapshotted at begin and restored when the work
 * throws, so service tests see the same all-or-nothing behaviour as the database. Failures can be scripted: before the
 * work (nothing happened) or at commit (the work's effects stay, the caller is told the outcome is unknown).
 */
public class InMemoryTransactions implements Transactions {

    /** A fake store that can roll back. */
    public interface Participant {
        Object snapshot();

        void restore(Object snapshot);
    }

    private final List<Participant> participants = new ArrayList<>();
    private final List<PersistenceFailure> failuresBeforeWork = new ArrayList<>();
    private final List<PersistenceFailure> failuresAtCommit = new ArrayList<>();
    private final List<Workload> workloads = new ArrayList<>();
    private int depth;

    public InMemoryTransactions(Participant... participants) {
        this.participants.addAll(List.of(participants));
    }

    /** The next transactions fail with these before doing anything, in order. */
    public InMemoryTransactions failNextBeforeWork(PersistenceFailure... failures) {
        failuresBeforeWork.addAll(List.of(failures));
        return this;
    }

    /** The next transactions do their work, keep it, and then report this failure from COMMIT. */
    public InMemoryTransactions failNextAtCommit(PersistenceFailure... failures) {
        failuresAtCommit.addAll(List.of(failures));
        return this;
    }

    public List<Workload> workloads() {
        return List.copyOf(workloads);
    }

    @Override
    public synchronized <T> T inTransaction(Workload workload, Supplier<T> work) {
        if (depth > 0) {
            return work.get();
        }
        workloads.add(workload);
        if (!failuresBeforeWork.isEmpty()) {
            throw failuresBeforeWork.remove(0);
        }
        List<Object> snapshots = participants.stream().map(Participant::snapshot).toList();
        depth++;
        T result;
        try {
            result = work.get();
        } catch (RuntimeException | Error e) {
            for (int i = 0; i < participants.size(); i++) {
                participants.get(i).restore(snapshots.get(i));
            }
            throw e;
        } finally {
            depth--;
        }
        if (!failuresAtCommit.isEmpty()) {
            throw failuresAtCommit.remove(0);
        }
        return result;
    }
}
