package dev.tristate.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.Profiles;

/**
 * On the embedded default, a first run must need no configuration: the master key that encrypts channel secrets is
 * generated once into the data folder (readable by its owner only) and read from there on every later start, so
 * secrets stored by an earlier run still decrypt. So are the in-process Alipay and WeChat Pay simulators' signing keys,
 * so that the demo tenant's stored "Alipay public key" and "WeChat Pay platform public key" still verify their answers
 * after a restart. Elsewhere the keys must be
 * configured; nothing is generated.
 */
public class EmbeddedDefaultsInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    static final String MASTER_KEY = "tristate.security.master-key";
    static final String ALIPAY_SIMULATOR_KEY = "tristate.alipay-simulator.private-key";
    static final String WECHAT_SIMULATOR_KEY = "tristate.wechat-simulator.platform-private-key";

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        ConfigurableEnvironment env = context.getEnvironment();
        if (!env.acceptsProfiles(Profiles.of("embedded"))) {
            return;
        }
        Path dataDir = Path.of(env.getProperty("tristate.data-dir", "./tristate-data"));
        Map<String, Object> keys = new HashMap<>();
        if (!env.containsProperty(MASTER_KEY)) {
            keys.put(MASTER_KEY, readOrCreateKey(dataDir.resolve("master.key"), EmbeddedDefaultsInitializer::aesKey));
        }
        if (env.getProperty("tristate.alipay-simulator.enabled", Boolean.class, false)
                && !env.containsProperty(ALIPAY_SIMULATOR_KEY)) {
            keys.put(ALIPAY_SIMULATOR_KEY, readOrCreateKey(dataDir.resolve("simulators/alipay.key"),
                    EmbeddedDefaultsInitializer::rsaKey));
        }
        if (env.getProperty("tristate.wechat-simulator.enabled", Boolean.class, false)
                && !env.containsProperty(WECHAT_SIMULATOR_KEY)) {
            keys.put(WECHAT_SIMULATOR_KEY, readOrCreateKey(dataDir.resolve("simulators/wechat-platform.key"),
                    EmbeddedDefaultsInitializer::rsaKey));
        }
        env.getPropertySources().addLast(new MapPropertySource("tristate-embedded-keys", keys));
    }

    private static String aesKey() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** An RSA key pair's private half, base64 of PKCS#8, as Alipay's tools print an app key. */
    private static String rsaKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return Base64.getEncoder().encodeToString(generator.generateKeyPair().getPrivate().getEncoded());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("RSA is missing from this JVM", e);
        }
    }

    private static String readOrCreateKey(Path file, Supplier<String> newKey) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            Files.createDirectories(file.getParent());
            String key = newKey.get();
            Files.writeString(file, key + "\n", StandardCharsets.US_ASCII);
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the folder's own ACL applies.
            }
            return key;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the embedded key at " + file, e);
        }
    }
}
