package dev.tristate.application.console.port.in;

import java.util.List;
import java.util.Map;

/**
 * Could a power loss lose payments the system already reported as committed? Asked at start-up, by the health
 * endpoint and by the console.
 */
public interface DurabilityPostureQuery {

    DurabilityPosture durabilityPosture();

    enum Verdict {
        /** Committed transactions survive a power loss. */
        DURABLE,
        /** A power loss (or an OS crash) can lose committed transactions. */
        AT_RISK,
        /** The settings could not be read. */
        UNKNOWN
    }

    /** The verdict, the reasons for it (one sentence each) and the settings it was read from. */
    record DurabilityPosture(Verdict verdict, List<String> reasons, Map<String, String> settings) {
        public DurabilityPosture {
            reasons = List.copyOf(reasons);
            settings = Map.copyOf(settings);
        }
    }
}
