package dev.tristate.simulator.alipay;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Pattern;

/** Amounts as Alipay writes them (yuan with at most two decimals) and as the simulator keeps them (fen). */
final class Yuan {

    private static final Pattern AMOUNT = Pattern.compile("(0|[1-9][0-9]{0,8})(\\.[0-9]{1,2})?");
    /** Alipay's limit on one trade: 100,000,000 yuan. */
    static final long MAX_FEN = 100_000_000_00L;

    private Yuan() {
    }

    /** Fen of a positive amount within Alipay's limit, or empty. */
    static Optional<Long> parse(String yuan) {
        if (yuan == null || !AMOUNT.matcher(yuan).matches()) {
            return Optional.empty();
        }
        long fen = new BigDecimal(yuan).movePointRight(2).longValueExact();
        return fen > 0 && fen <= MAX_FEN ? Optional.of(fen) : Optional.empty();
    }

    /** Always two decimals, negative amounts with a minus, as in answers, notifications and bills. */
    static String format(long fen) {
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }
}
