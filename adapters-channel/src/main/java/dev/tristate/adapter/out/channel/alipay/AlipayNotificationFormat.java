package dev.tristate.adapter.out.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.internal.util.AlipaySignature;
import dev.tristate.adapter.out.channel.AbstractNotificationFormat;
import dev.tristate.adapter.out.channel.NotificationFields;
import dev.tristate.adapter.out.channel.UnreadableNotification;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Base64;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Alipay's asynchronous trade notification ({@code application/x-www-form-urlencoded}), verified with the official
 * SDK ({@link AlipaySignature#rsaCheckV1}, RSA2) against the tenant's Alipay public key (base64 X.509). Alipay signs
 * no timestamp, so verification is VALID or BAD_SIGNATURE only; a replay is a duplicate notify_id.
 */
public final class AlipayNotificationFormat extends AbstractNotificationFormat {

    public static final String CHANNEL = "alipay";
    public static final String SECRET_NAME = "alipay-public-key";

    private static final String SIGN_TYPE = "RSA2";
    private static final Currency CNY = Currency.getInstance("CNY");
    private static final ZoneId ALIPAY_ZONE = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter ALIPAY_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);
    private static final Pattern DECIMAL = Pattern.compile("(0|[1-9][0-9]*)(\\.[0-9]+)?");
    private static final Map<String, ChannelTradeStatus> STATUSES = Map.of(
            "WAIT_BUYER_PAY", ChannelTradeStatus.PROCESSING,
            "TRADE_SUCCESS", ChannelTradeStatus.SUCCESS,
            "TRADE_FINISHED", ChannelTradeStatus.SUCCESS,
            "TRADE_CLOSED", ChannelTradeStatus.CLOSED);

    private static final String NOTIFY_TYPE = "trade_status_sync";

    private final AlipaySellerIds sellerIds;

    /** A format that requires no seller (no tenant has set one). */
    public AlipayNotificationFormat() {
        this(AlipaySellerIds.NONE);
    }

    /** {@code sellerIds}: the seller a notification for an app must name, where its tenant set one. */
    public AlipayNotificationFormat(AlipaySellerIds sellerIds) {
        super(CHANNEL, SECRET_NAME);
        this.sellerIds = sellerIds;
    }

    @Override
    protected ParseResult.Parsed read(RawNotification raw) {
        AlipayForm form = AlipayForm.read(raw.body());
        if (!NOTIFY_TYPE.equals(form.required("notify_type"))) {
            throw new UnreadableNotification("Field notify_type must be " + NOTIFY_TYPE + ".");
        }
        String appId = NotificationFields.identifier("app_id", form.required("app_id"));
        String notifyId = NotificationFields.identifier("notify_id", form.required("notify_id"));
        String outTradeNo = NotificationFields.identifier("out_trade_no", form.required("out_trade_no"));
        String tradeNo = NotificationFields.identifier("trade_no", form.required("trade_no"));
        ChannelTradeStatus status = STATUSES.get(form.required("trade_status"));
        if (status == null) {
            throw new UnreadableNotification(
                    "Field trade_status must be WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_FINISHED or TRADE_CLOSED.");
        }
        Money amount = yuan(form.required("total_amount"), "total_amount");
        Instant notifyTime = alipayTime(form.required("notify_time"), "notify_time");
        Optional<Instant> paidAt = form.optional("gmt_payment").map(value -> alipayTime(value, "gmt_payment"));
        if (isRefund(form)) {
            // Alipay notifies refunds with the trade's status (TRADE_SUCCESS after a partial refund, TRADE_CLOSED after
            // a full one): neither reports the payment's own result, so a refund notice is acknowledged, nothing more.
            status = null;
        }
        return new ParseResult.Parsed(notifyId, appId, outTradeNo, tradeNo, status, amount, paidAt.orElse(notifyTime));
    }

    @Override
    protected Verification verifySignature(RawNotification raw, List<String> secrets, Instant now) {
        AlipayForm form;
        try {
            form = AlipayForm.read(raw.body());
        } catch (UnreadableNotification e) {
            return Verification.BAD_SIGNATURE;
        }
        Optional<String> sign = form.optional("sign");
        // sign_type is not signed, but Alipay always sends it: requiring it keeps every byte of the body meaningful.
        boolean rsa2 = form.optional("sign_type").filter(SIGN_TYPE::equals).isPresent();
        if (sign.isEmpty() || !isCanonicalBase64(sign.get()) || !rsa2) {
            return Verification.BAD_SIGNATURE;
        }
        for (String publicKey : secrets) {
            // rsaCheckV1 removes sign and sign_type from the map it is given: each key gets its own copy.
            Map<String, String> params = new HashMap<>(form.fields());
            try {
                if (AlipaySignature.rsaCheckV1(params, publicKey, form.charset().name(), SIGN_TYPE)) {
                    return isOfTheSeller(form) ? Verification.VALID : Verification.BAD_SIGNATURE;
                }
            } catch (AlipayApiException | RuntimeException e) {
                // a key the SDK cannot read verifies nothing; another key may still match
            }
        }
        return Verification.BAD_SIGNATURE;
    }

    @Override
    public ChannelAnswer answer(AnswerKind kind, String message) {
        // Alipay re-sends anything that is not exactly "success"; the status is for our logs and proxies.
        return switch (kind) {
            case SUCCESS -> new ChannelAnswer(200, "text/plain", "success");
            case INVALID -> new ChannelAnswer(400, "text/plain", "failure");
            case BAD_SIGNATURE -> new ChannelAnswer(401, "text/plain", "failure");
            case RETRY -> new ChannelAnswer(503, "text/plain", "failure");
        };
    }

    /**
     * The SDK decodes the signature leniently (it skips characters outside the alphabet), so a changed byte could
     * still verify. Only the one canonical base64 form of the signature is accepted.
     */
    private static boolean isCanonicalBase64(String sign) {
        try {
            byte[] decoded = Base64.getDecoder().decode(sign);
            return decoded.length > 0 && Base64.getEncoder().encodeToString(decoded).equals(sign);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Alipay signed it, but for the seller the tenant set? A genuine notification for another seller (another
     * merchant's trade through a shared app) must not be read as this tenant's; without a seller set, any passes.
     */
    private boolean isOfTheSeller(AlipayForm form) {
        Optional<String> expected = form.optional("app_id").flatMap(sellerIds::sellerIdOf);
        return expected.isEmpty() || expected.equals(form.optional("seller_id"));
    }

    private static boolean isRefund(AlipayForm form) {
        return form.optional("refund_fee").isPresent() || form.optional("gmt_refund").isPresent();
    }

    private static Money yuan(String value, String field) {
        if (DECIMAL.matcher(value).matches()) {
            try {
                return Money.parseDecimal(value, CNY);
            } catch (IllegalArgumentException e) {
                // falls through: more decimals than fen, or beyond the range of minor units
            }
        }
        throw new UnreadableNotification("Field " + field + " must be an amount in yuan with at most two decimals.");
    }

    private static Instant alipayTime(String value, String field) {
        try {
            return LocalDateTime.parse(value, ALIPAY_TIME).atZone(ALIPAY_ZONE).toInstant();
        } catch (DateTimeParseException e) {
            throw new UnreadableNotification("Field " + field + " must be a time as yyyy-MM-dd HH:mm:ss.");
        }
    }
}
