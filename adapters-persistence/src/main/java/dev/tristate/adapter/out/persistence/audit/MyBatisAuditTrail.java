package dev.tristate.adapter.out.persistence.audit;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.audit.AuditMapper.AuditRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import java.util.List;
import java.util.Optional;

public class MyBatisAuditTrail implements AuditTrail {

    private final AuditMapper mapper;

    public MyBatisAuditTrail(AuditMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void record(AuditEntry entry) {
        AuditRow row = new AuditRow();
        row.actionKey = entry.actionKey().value();
        row.operator = entry.operator();
        row.action = entry.action();
        row.subjectType = entry.subjectType();
        row.subjectId = clip(entry.subjectId(), 64);
        row.reason = clip(entry.reason(), 512);
        row.result = entry.result();
        row.detail = clip(entry.detail(), 512);
        row.createdAt = Rows.utc(entry.at());
        translate(() -> mapper.insert(row));
    }

    @Override
    public Optional<AuditEntry> findByActionKey(ActionKey key) {
        return translate(() -> Optional.ofNullable(mapper.findByActionKey(key.value())))
                .map(MyBatisAuditTrail::toDomain);
    }

    @Override
    public Page<AuditEntry> search(Filter f, PageRequest page) {
        return translate(() -> new Page<>(mapper.search(f.operator(), f.action(), f.subjectId(), page.size(),
                page.offset()).stream().map(MyBatisAuditTrail::toDomain).toList(), page,
                mapper.count(f.operator(), f.action(), f.subjectId())));
    }

    @Override
    public List<AuditEntry> forSubject(String subjectType, String subjectId) {
        return translate(() -> mapper.forSubject(subjectType, subjectId)).stream()
                .map(MyBatisAuditTrail::toDomain).toList();
    }

    private static AuditEntry toDomain(AuditRow row) {
        return new AuditEntry(new ActionKey(row.actionKey), row.operator, row.action, row.subjectType, row.subjectId,
                row.reason, row.result, row.detail, Rows.instant(row.createdAt));
    }

    public static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
