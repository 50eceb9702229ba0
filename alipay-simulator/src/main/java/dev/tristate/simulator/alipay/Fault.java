package dev.tristate.simulator.alipay;

/**
 * How one open-API method of one app misbehaves until the fault is cleared: it answers an error code of Alipay's
 * ({@code code} with {@code subCode}), hangs, or answers in a way the SDK cannot trust. A request must still be
 * signed by the app: a fault never answers a stranger.
 *
 * @param code        the answer's code (e.g. {@code 40004}); null: the method's own answer, only misdelivered
 * @param subCode     the answer's sub_code (e.g. {@code ACQ.SYSTEM_ERROR})
 * @param subMsg      the answer's sub_msg
 * @param actFirst    the method does its work (creates, closes, refunds) before the faulty answer: a lost answer
 * @param hangMs      the answer comes only after this long (0: at once)
 * @param unsigned    the answer carries no {@code sign}
 * @param foreignSign the answer is signed with a key that is not the simulator's
 */
public record Fault(String code, String subCode, String subMsg, boolean actFirst, long hangMs, boolean unsigned,
                    boolean foreignSign) {

    public Fault {
        if (hangMs < 0) {
            throw new IllegalArgumentException("hang_ms must not be negative");
        }
        if (code != null && !code.matches("[0-9]{5}")) {
            throw new IllegalArgumentException("code is five digits, e.g. 40004");
        }
    }

    /** The method answers this error and does nothing. */
    public static Fault error(String code, String subCode) {
        return new Fault(code, subCode, "simulated " + subCode, false, 0, false, false);
    }

    /** The method does its work, then answers this error (e.g. ACQ.SYSTEM_ERROR after the refund was made). */
    public static Fault errorAfterActing(String code, String subCode) {
        return new Fault(code, subCode, "simulated " + subCode, true, 0, false, false);
    }

    /** The method answers after {@code hangMs}; with {@code actFirst} its work is done at once. */
    public static Fault hang(long hangMs, boolean actFirst) {
        return new Fault(null, null, null, actFirst, hangMs, false, false);
    }

    boolean answersError() {
        return code != null;
    }
}
