package dev.tristate.benchmark.faults;

import dev.tristate.adapter.out.persistence.tenant.SecretCipher;
import dev.tristate.benchmark.Database;
import dev.tristate.domain.tenant.ApiKey;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** A scenario's own database: created empty (the application's Liquibase fills it), provisioned, dropped. */
final class FaultDatabase {

    /** The tenant the load acts for: its sandbox account and signing secret, and its API key in the clear. */
    record Tenant(String id, String merchantId, String signingSecret, String apiKey) {
    }

    private final FaultOptions options;
    private final String name;

    FaultDatabase(FaultOptions options, String name) {
        this.options = options;
        this.name = name;
    }

    String name() {
        return name;
    }

    void create() throws SQLException {
        try (Connection c = DriverManager.getConnection(options.serverOnlyUrl(), options.dbUser(),
                options.dbPassword()); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        }
    }

    void drop() throws SQLException {
        try (Connection c = DriverManager.getConnection(options.serverOnlyUrl(), options.dbUser(),
                options.dbPassword()); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS `" + name + "`");
        }
    }

    /**
     * A tenant with a sandbox account, its signing secret encrypted under the instances' master key as the
     * application stores it, and an API key stored as its hash; in the tables the application has created.
     */
    Tenant provision(String runId, String masterKey) throws SQLException {
        SecureRandom random = new SecureRandom();
        byte[] keyBytes = new byte[32];
        random.nextBytes(keyBytes);
        ApiKey apiKey = ApiKey.fromRandomBytes(keyBytes);
        byte[] secretBytes = new byte[24];
        random.nextBytes(secretBytes);
        Tenant tenant = new Tenant("faults-" + runId, "m-faults-" + runId,
                "faults-secret-" + java.util.HexFormat.of().formatHex(secretBytes), apiKey.value());
        String now = Database.utc(LocalDateTime.now(ZoneOffset.UTC));
        SecretCipher cipher = SecretCipher.fromBase64(masterKey, random);
        try (Connection c = DriverManager.getConnection(options.jdbcUrl(name), options.dbUser(),
                options.dbPassword())) {
            c.setAutoCommit(false);
            try (PreparedStatement t = c.prepareStatement("INSERT INTO tenants (id, name, sandbox_merchant_id,"
                    + " created_at) VALUES (?, 'Fault suite shop', ?, ?)");
                 PreparedStatement a = c.prepareStatement("INSERT INTO channel_accounts (channel, account_id,"
                         + " tenant_id, created_at) VALUES ('sandbox', ?, ?, ?)");
                 PreparedStatement s = c.prepareStatement("INSERT INTO channel_secrets (tenant_id, channel, name,"
                         + " ciphertext, created_at) VALUES (?, 'sandbox', 'signing-secret', ?, ?)");
                 PreparedStatement k = c.prepareStatement("INSERT INTO tenant_api_keys (key_hash, tenant_id,"
                         + " display_prefix, created_at, expires_at) VALUES (?, ?, ?, ?, NULL)")) {
                t.setString(1, tenant.id());
                t.setString(2, tenant.merchantId());
                t.setString(3, now);
                t.executeUpdate();
                a.setString(1, tenant.merchantId());
                a.setString(2, tenant.id());
                a.setString(3, now);
                a.executeUpdate();
                s.setString(1, tenant.id());
                s.setString(2, cipher.encrypt(tenant.signingSecret()));
                s.setString(3, now);
                s.executeUpdate();
                k.setString(1, apiKey.hash().hex());
                k.setString(2, tenant.id());
                k.setString(3, apiKey.displayPrefix());
                k.setString(4, now);
                k.executeUpdate();
            }
            c.commit();
        }
        return tenant;
    }
}
