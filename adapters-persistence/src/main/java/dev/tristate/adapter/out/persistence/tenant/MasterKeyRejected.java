package dev.tristate.adapter.out.persistence.tenant;

/** The configured master key cannot be used: not set, not base64, or not 32 bytes. The message says which. */
public final class MasterKeyRejected extends IllegalArgumentException {

    MasterKeyRejected(String message, Throwable cause) {
        super(message, cause);
    }
}
