package dev.tristate.adapter.out.persistence;

import java.time.LocalDateTime;

class TenantRow {
    String id;
    String name;
    String sandboxMerchantId;
    LocalDateTime createdAt;
}
