package dev.tristate.domain.entitlement;

/** A grant is in force until it is revoked (a full refund). */
public enum EntitlementStatus {
    GRANTED,
    REVOKED
}
