package dev.tristate.domain.tenant;

/** The stored form of an API key: lower-case hex SHA-256. */
public record ApiKeyHash(String hex) {
    public ApiKeyHash {
        if (hex == null || !hex.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("an API key hash is 64 lower-case hex digits");
        }
    }
}
