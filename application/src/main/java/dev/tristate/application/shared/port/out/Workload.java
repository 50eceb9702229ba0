package dev.tristate.application.shared.port.out;

/**
 * Which budget of database connections a unit of work draws from. Channel callbacks have their own, so merchant
 * traffic cannot starve the front door for money.
 */
public enum Workload {
    /** Merchant API, console and everything not named below. */
    GENERAL,
    /** Channel notifications and the answers of active queries. */
    CALLBACK
}
