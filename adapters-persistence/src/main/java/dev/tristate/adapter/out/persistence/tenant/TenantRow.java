package dev.tristate.adapter.out.persistence.tenant;

import java.time.LocalDateTime;

public class TenantRow {
    String id;
    String name;
    String sandboxMerchantId;
    LocalDateTime createdAt;
}
