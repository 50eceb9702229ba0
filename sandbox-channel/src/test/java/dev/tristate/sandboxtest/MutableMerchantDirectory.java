package dev.tristate.sandboxtest;

import dev.tristate.sandbox.SandboxMerchantDirectory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The host's merchant settings as a test changes them while the channel runs. */
public final class MutableMerchantDirectory implements SandboxMerchantDirectory {

    private final Map<String, List<String>> secrets = new ConcurrentHashMap<>();

    public void put(String merchantId, List<String> newestFirst) {
        secrets.put(merchantId, List.copyOf(newestFirst));
    }

    @Override
    public List<String> secretsOf(String merchantId) {
        return secrets.getOrDefault(merchantId, List.of());
    }
}
