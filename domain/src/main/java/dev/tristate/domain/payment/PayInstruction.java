package dev.tristate.domain.payment;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How the payer pays a registered trade, as the channel answered: the pay method and what that method needs. A
 * redirect method has a {@code payUrl} (the channel's page); a QR method a {@code qrCode} string to show as a QR
 * code; a method paid in the channel's own JS a {@code clientSecret}; WeChat Pay's JSAPI the {@code jsapi}
 * parameters for {@code WeixinJSBridge}. Whatever a method does not have is null; at least one way to pay is there.
 */
public record PayInstruction(String method, String payUrl, String qrCode, String clientSecret,
                             Map<String, String> jsapi) {

    public PayInstruction {
        if (method == null || method.isBlank()) {
            throw new IllegalArgumentException("a pay instruction names its pay method");
        }
        payUrl = blankToNull(payUrl);
        qrCode = blankToNull(qrCode);
        clientSecret = blankToNull(clientSecret);
        jsapi = jsapi == null || jsapi.isEmpty() ? null : Collections.unmodifiableMap(new TreeMap<>(jsapi));
        if (payUrl == null && qrCode == null && clientSecret == null && jsapi == null) {
            throw new IllegalArgumentException("a pay instruction says how to pay: a pay URL, a QR code, a client "
                    + "secret or JSAPI parameters");
        }
    }

    /** A method that sends the payer to the channel's page. */
    public static PayInstruction redirect(String method, String payUrl) {
        return new PayInstruction(method, Objects.requireNonNull(payUrl, "pay URL"), null, null, null);
    }

    /** A method whose payer scans {@code qrCode}; {@code payUrl} is a page that shows it, or null. */
    public static PayInstruction qr(String method, String qrCode, String payUrl) {
        return new PayInstruction(method, payUrl, Objects.requireNonNull(qrCode, "QR code"), null, null);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
