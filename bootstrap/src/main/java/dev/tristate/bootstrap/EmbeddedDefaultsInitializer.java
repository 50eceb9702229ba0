package dev.tristate.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.Profiles;

/**
 * On the embedded default, a first run must need no configuration: the master key that encrypts channel secrets is
 * generated once into the data folder (readable by its owner only) and read from there on every later start, so
 * secrets stored by an earlier run still decrypt. Elsewhere the key must be configured; nothing is generated.
 */
public class EmbeddedDefaultsInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    static final String MASTER_KEY = "tristate.security.master-key";

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        ConfigurableEnvironment env = context.getEnvironment();
        if (!env.acceptsProfiles(Profiles.of("embedded")) || env.containsProperty(MASTER_KEY)) {
            return;
        }
        Path dataDir = Path.of(env.getProperty("tristate.data-dir", "./tristate-data"));
        String key = readOrCreateKey(dataDir.resolve("master.key"));
        env.getPropertySources().addLast(new MapPropertySource("tristate-embedded-master-key", Map.of(MASTER_KEY, key)));
    }

    private static String readOrCreateKey(Path file) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            Files.createDirectories(file.getParent());
            byte[] bytes = new byte[32];
            new SecureRandom().nextBytes(bytes);
            String key = Base64.getEncoder().encodeToString(bytes);
            Files.writeString(file, key + "\n", StandardCharsets.US_ASCII);
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the folder's own ACL applies.
            }
            return key;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the embedded master key at " + file, e);
        }
    }
}
