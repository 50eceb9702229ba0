package dev.tristate.adapter.in.admin;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The refusals of a form's values: the {@link IllegalArgumentException} messages of the values and commands the
 * console reads a request into ({@link ConsoleInput#read}), shown on the problem page. Most name the field they refuse
 * in English ("tenant id is required"): the field is a {@link KnownText} of its own ({@code text.field.*}), shown in
 * the person's words inside the sentence, and only the fields listed here are taken, so that these general forms
 * cannot swallow a sentence of another kind.
 */
final class KnownFormRefusals {

    private KnownFormRefusals() {
    }

    /** Each field a value names in its refusal (Identifiers, CredentialKind), by its key under {@code text.field}. */
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("tenantId", "tenant id"),
            Map.entry("tenantName", "a tenant name"),
            Map.entry("merchantId", "merchant id"),
            Map.entry("paymentId", "payment id"),
            Map.entry("taskKey", "task key"),
            Map.entry("actionKey", "action key"),
            Map.entry("userName", "user name"),
            Map.entry("channel", "a channel"),
            Map.entry("alipayAppId", "an Alipay app id"),
            Map.entry("wechatMchid", "a WeChat Pay merchant id (mchid)"),
            Map.entry("sandboxAccountId", "a sandbox account id"),
            Map.entry("stripeAccountId", "a stripe account id"),
            Map.entry("sandboxSigningSecret", "a sandbox signing secret"),
            Map.entry("alipayPublicKey", "an Alipay public key"),
            Map.entry("alipayAppPrivateKey", "an Alipay app private key"),
            Map.entry("alipaySellerId", "an Alipay seller id"),
            Map.entry("stripeEndpointSecret", "a Stripe endpoint secret"),
            Map.entry("stripeSecretKey", "a Stripe secret key"),
            Map.entry("wechatMerchantPrivateKey", "a WeChat Pay merchant private key"),
            Map.entry("wechatMerchantSerial", "a WeChat Pay merchant certificate serial"),
            Map.entry("wechatApiV3Key", "a WeChat Pay APIv3 key"),
            Map.entry("wechatPlatformKey", "a WeChat Pay platform public key or certificate"),
            Map.entry("wechatAppId", "a WeChat app id"));

    /** Any one field, longest first so that no field is taken for the start of a longer one. */
    private static final String FIELD = FIELDS.values().stream()
            .sorted((a, b) -> b.length() - a.length()).map(Pattern::quote)
            .collect(Collectors.joining("|", "(", ")"));

    private static KnownText field(String key, String regex) {
        return KnownText.k("form." + key, FIELD + regex, KnownText.NESTED);
    }

    static final List<KnownText> ALL = Stream.concat(Stream.of(
            // a field's value of the wrong form (Identifiers, CredentialKind)
            field("required", " is required"),
            field("tooLong", " is longer than (\\d+) characters"),
            field("notPrintable", " must be printable ASCII"),
            field("notToken", " may hold only letters, digits and _-\\.: characters"),
            field("notUlid", " must be a 26-character ULID"),
            field("digitsOnly", " has digits only"),
            // the forms of channel credentials (CredentialKind)
            KnownText.k("form.sandboxSecret", "a sandbox signing secret is 16 to 256 printable ASCII characters"
                    + " without spaces"),
            KnownText.k("form.alipaySellerId", "an Alipay seller id is 2088 followed by 12 digits \\(the PID Alipay"
                    + " shows the merchant\\)"),
            KnownText.k("form.stripeEndpointSecret", "a Stripe endpoint secret is whsec_ followed by at least 16"
                    + " letters, digits or underscores, as Stripe shows it"),
            KnownText.k("form.stripeSecretKey", "a Stripe secret key is sk_test_, sk_live_, rk_test_ or rk_live_"
                    + " followed by at least 16 letters or digits, as Stripe shows it"),
            KnownText.k("form.wechatSerial", "a WeChat Pay merchant certificate serial is 8 to 64 hexadecimal digits,"
                    + " as the merchant platform shows it"),
            KnownText.k("form.wechatApiV3Key", "a WeChat Pay APIv3 key is 32 letters and digits"),
            // one message in two parts, as ConsoleTexts reads it at "; "
            KnownText.k("form.wechatPlatformKey", "a WeChat Pay platform public key is its id \\(PUB_KEY_ID_ and up"
                    + " to 53 letters, digits or underscores\\), a space or a colon, and the key"),
            KnownText.k("form.orPlatformCertificate", "or the platform certificate in PEM"),
            KnownText.k("form.platformCertificate", "the certificate must be a WeChat Pay platform certificate in"
                    + " PEM, RSA of at least (\\d+) bits, valid now"),
            KnownText.k("form.wechatAppId", "a WeChat app id is wx followed by 16 lower-case hexadecimal digits"),
            KnownText.k("form.rsaPublicKey", "the key must be an RSA key in base64 of its X\\.509 public encoding,"
                    + " of at least (\\d+) bits"),
            KnownText.k("form.rsaPrivateKey", "the key must be an RSA key in base64 of its PKCS#8 private encoding,"
                    + " of at least (\\d+) bits"),
            // the other values and commands of the forms
            KnownText.k("form.apiKey", "an API key is 20-200 characters of letters, digits, _ and -"),
            KnownText.k("form.apiKeyPrefix", "an API key is named by its prefix: 1-16 letters, digits, _ or -"),
            KnownText.k("form.secretId", "a secret is named by its id, a positive number"),
            KnownText.k("form.webhookEndpoint", "a webhook endpoint is an absolute http\\(s\\) URL of at most 1024"
                    + " characters"),
            KnownText.k("form.actionKeyShort", "an action key has at least 8 characters"),
            KnownText.k("form.reasonTooLong", "a reason has at most (\\d+) characters"),
            KnownText.k("form.timeRange", "the end of the time range is before its start"),
            KnownText.k("form.eventId", "event id is not a UUID: (.*)"),
            KnownText.k("form.userNameRequired", "the user name is required"),
            KnownText.k("form.bulkReplaySize", "a bulk replay covers 1 to (\\d+) events"),
            KnownText.k("form.deliveryRequired", "the consumer and the delivery key are required"),
            KnownText.k("form.channelRequired", "the channel is required"),
            KnownText.k("form.operatorRequired", "the operator who starts the run is required")),
            // the fields themselves, shown inside the sentences above
            FIELDS.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .map(f -> KnownText.k("field." + f.getKey(), Pattern.quote(f.getValue())))).toList();
}
