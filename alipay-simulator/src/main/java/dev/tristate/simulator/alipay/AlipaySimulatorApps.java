package dev.tristate.simulator.alipay;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who the simulator's apps are, as Alipay's open platform knows them: a host that keeps its tenants' Alipay settings
 * defines one bean of this type, called at every request and notification (so an app added or a key rotated while the
 * process runs is known at once). Without such a bean, or for an app it does not know, the simulator uses the apps
 * registered through {@link AlipaySimulator#registerApp}.
 */
@FunctionalInterface
public interface AlipaySimulatorApps {

    /** The app, or empty when it is unknown. */
    Optional<App> app(String appId);

    /**
     * One app: its id, the seller (the merchant's PID, {@code 2088} and 12 digits) it collects for, and the app's RSA
     * public keys valid now (base64 of X.509), newest first: a request verifies with any of them.
     */
    record App(String appId, String sellerId, List<String> publicKeys) {

        private static final Pattern APP_ID = Pattern.compile("[0-9]{1,32}");
        private static final Pattern SELLER_ID = Pattern.compile("2088[0-9]{12}");

        public App {
            if (appId == null || !APP_ID.matcher(appId).matches()) {
                throw new IllegalArgumentException("an app id is 1 to 32 digits");
            }
            if (sellerId == null || !SELLER_ID.matcher(sellerId).matches()) {
                throw new IllegalArgumentException("a seller id is 2088 followed by 12 digits");
            }
            publicKeys = List.copyOf(publicKeys);
        }
    }
}
