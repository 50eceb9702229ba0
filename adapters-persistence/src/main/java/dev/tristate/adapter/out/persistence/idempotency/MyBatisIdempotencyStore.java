package dev.tristate.adapter.out.persistence.idempotency;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.IdempotencyRecord.State;
import dev.tristate.domain.idempotency.IdempotencyRecord;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Optional;

public class MyBatisIdempotencyStore implements IdempotencyStore {

    private final IdempotencyKeyMapper mapper;

    public MyBatisIdempotencyStore(IdempotencyKeyMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void insert(IdempotencyEntry entry) {
        translate(() -> mapper.insert(toRow(entry)));
    }

    @Override
    public Optional<IdempotencyEntry> find(TenantId tenantId, IdempotencyKey key) {
        return translate(() -> Optional.ofNullable(mapper.find(tenantId.value(), key.value())))
                .map(MyBatisIdempotencyStore::toEntry);
    }

    @Override
    public boolean replace(IdempotencyEntry expected, IdempotencyEntry replacement) {
        if (!expected.record().tenantId().equals(replacement.record().tenantId())
                || !expected.record().key().equals(replacement.record().key())) {
            throw new IllegalArgumentException("a replacement is for the same tenant and key");
        }
        return translate(() -> mapper.replaceWhereHeld(toRow(replacement), expected.ownerToken(),
                expected.record().state().name())) == 1;
    }

    @Override
    public boolean complete(IdempotencyEntry mine, int responseStatus, String responseBody) {
        return translate(() -> mapper.completeWhereHeld(mine.record().tenantId().value(), mine.record().key().value(),
                mine.ownerToken(), responseStatus, responseBody)) == 1;
    }

    @Override
    public boolean releaseLease(IdempotencyEntry mine, Instant now) {
        return translate(() -> mapper.releaseLeaseWhereHeld(mine.record().tenantId().value(),
                mine.record().key().value(), mine.ownerToken(), Rows.utc(now))) == 1;
    }

    @Override
    public int purgeExpired(Instant now, int limit) {
        return translate(() -> {
            int deleted = 0;
            for (IdempotencyKeyRow row : mapper.findExpired(Rows.utc(now), limit)) {
                deleted += mapper.deleteIfExpired(row.tenantId, row.idempotencyKey, Rows.utc(now));
            }
            return deleted;
        });
    }

    private static IdempotencyKeyRow toRow(IdempotencyEntry entry) {
        IdempotencyRecord r = entry.record();
        IdempotencyKeyRow row = new IdempotencyKeyRow();
        row.tenantId = r.tenantId().value();
        row.idempotencyKey = r.key().value();
        row.fingerprint = r.fingerprint().sha256Hex();
        row.state = r.state().name();
        row.ownerToken = entry.ownerToken();
        row.leaseUntil = Rows.utc(entry.leaseUntil());
        row.reservedId = entry.reservedId();
        row.responseStatus = r.state() == State.COMPLETED ? r.responseStatus() : null;
        row.responseBody = r.responseBody();
        row.createdAt = Rows.utc(r.createdAt());
        row.expiresAt = Rows.utc(r.expiresAt());
        return row;
    }

    private static IdempotencyEntry toEntry(IdempotencyKeyRow row) {
        IdempotencyRecord record = new IdempotencyRecord(new TenantId(row.tenantId),
                new IdempotencyKey(row.idempotencyKey), new RequestFingerprint(row.fingerprint),
                State.valueOf(row.state), row.responseStatus == null ? 0 : row.responseStatus, row.responseBody,
                Rows.instant(row.createdAt), Rows.instant(row.expiresAt));
        return new IdempotencyEntry(record, row.ownerToken, Rows.instant(row.leaseUntil), row.reservedId);
    }
}
