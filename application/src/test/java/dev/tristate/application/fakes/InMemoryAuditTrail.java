package dev.tristate.application.fakes;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The audit log in memory, with the database's unique action key. */
public class InMemoryAuditTrail implements AuditTrail, InMemoryTransactions.Participant {

    private List<AuditEntry> entries = new ArrayList<>();

    @Override
    public synchronized void record(AuditEntry entry) {
        if (findByActionKey(entry.actionKey()).isPresent()) {
            throw new PersistenceFailure.AlreadyExists("action key " + entry.actionKey(), null);
        }
        entries.add(entry);
    }

    @Override
    public synchronized Optional<AuditEntry> findByActionKey(ActionKey key) {
        return entries.stream().filter(e -> e.actionKey().equals(key)).findFirst();
    }

    @Override
    public synchronized Page<AuditEntry> search(Filter f, PageRequest page) {
        List<AuditEntry> newestFirst = new ArrayList<>(entries);
        java.util.Collections.reverse(newestFirst);
        List<AuditEntry> matching = newestFirst.stream()
                .filter(e -> f.operator() == null || f.operator().equals(e.operator()))
                .filter(e -> f.action() == null || f.action().equals(e.action()))
                .filter(e -> f.subjectId() == null || f.subjectId().equals(e.subjectId()))
                .toList();
        return new Page<>(matching.stream().skip(page.offset()).limit(page.size()).toList(), page, matching.size());
    }

    @Override
    public synchronized List<AuditEntry> forSubject(String subjectType, String subjectId) {
        return entries.stream().filter(e -> e.subjectType().equals(subjectType) && e.subjectId().equals(subjectId))
                .toList();
    }

    public synchronized List<AuditEntry> entries() {
        return List.copyOf(entries);
    }

    @Override
    public synchronized Object snapshot() {
        return new ArrayList<>(entries);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        entries = new ArrayList<>((List<AuditEntry>) snapshot);
    }
}
