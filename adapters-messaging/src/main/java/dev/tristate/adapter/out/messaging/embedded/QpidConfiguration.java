package dev.tristate.adapter.out.messaging.embedded;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.qpid.server.model.BrokerModel;
import org.apache.qpid.server.model.SystemConfig;

/** What the embedded broker is started with: Qpid's initial configuration and its system config attributes. */
final class QpidConfiguration {

    static final String PORT_NAME = "AMQP";

    private QpidConfiguration() {
    }

    static Map<String, Object> systemConfigAttributes(Path workDir, Path config, Path systemProperties) {
        Map<String, Object> context = new HashMap<>();
        // Qpid's work directory defaults to ${user.dir}/work and its preference store to a JSON file
        // in there: point the one at our temp dir and replace the other by a store that never writes.
        context.put("QPID_WORK", workDir.toString());
        context.put(SystemConfig.QPID_WORK_DIR, workDir.toString());
        context.put("qpid.broker.defaultPreferenceStoreAttributes", "{\"type\": \"Noop\"}");

        Map<String, Object> attributes = new HashMap<>();
        attributes.put(SystemConfig.TYPE, "Memory");
        attributes.put(SystemConfig.INITIAL_CONFIGURATION_LOCATION, config.toUri().toString());
        // Without an explicit location Qpid reads "classpath:system.properties", a URL scheme that
        // only works under the JVM's own class loader (not in a Boot fat jar or Maven exec).
        attributes.put(SystemConfig.INITIAL_SYSTEM_PROPERTIES_LOCATION, systemProperties.toUri().toString());
        attributes.put(SystemConfig.STARTUP_LOGGED_TO_SYSTEM_OUT, false);
        attributes.put("context", context);
        return attributes;
    }

    static String initialConfig(String host, int port, String username, String password) {
        // "secureOnlyMechanisms": [] lets PLAIN work on a non-TLS port; otherwise Qpid offers only
        // CRAM-MD5/SCRAM there, which the RabbitMQ client does not speak.
        // Qpid sizes its thread pools for a dedicated server (about 80 threads at rest); an embedded
        // broker shares the application's cores, so the pools are kept small.
        return """
                {
                  "name": "tristate-embedded",
                  "modelVersion": "%s",
                  "authenticationproviders": [ {
                    "name": "plain",
                    "type": "Plain",
                    "secureOnlyMechanisms": [],
                    "users": [ { "name": %s, "type": "managed", "password": %s } ]
                  } ],
                  "ports": [ {
                    "name": "%s",
                    "type": "AMQP",
                    "port": %d,
                    "bindingAddress": %s,
                    "protocols": [ "AMQP_0_9_1" ],
                    "transports": [ "TCP" ],
                    "threadPoolSize": 4,
                    "numberOfSelectors": 1,
                    "authenticationProvider": "plain",
                    "virtualhostaliases": [
                      { "name": "nameAlias", "type": "nameAlias" },
                      { "name": "defaultAlias", "type": "defaultAlias" }
                    ]
                  } ],
                  "virtualhostnodes": [ {
                    "name": "%s",
                    "type": "Memory",
                    "defaultVirtualHostNode": "true",
                    "virtualHostInitialConfiguration": "{\\"type\\": \\"Memory\\", \\"connectionThreadPoolSize\\": 8, \\"numberOfSelectors\\": 2, \\"houseKeepingThreadCount\\": 2}"
                  } ]
                }
                """.formatted(BrokerModel.MODEL_VERSION, json(username), json(password), PORT_NAME, port,
                json(host), EmbeddedAmqpBroker.VIRTUAL_HOST);
    }

    /** Rejects a credential Qpid would not take as it is. */
    static void requirePlainValue(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        // Qpid expands ${...} in configuration values, which would silently change the credential.
        if (value.contains("${")) {
            throw new IllegalArgumentException(name + " must not contain '${'");
        }
    }

    private static String json(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
