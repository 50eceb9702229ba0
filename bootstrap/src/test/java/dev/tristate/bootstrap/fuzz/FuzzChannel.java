package dev.tristate.bootstrap.fuzz;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.annotation.Bean;

/**
 * What the bad-input tests share: a channel of their own ({@value #CHANNEL}) that registers every trade, tenants
 * with an API key and an account at it, and well-formed requests to spoil.
 */
final class FuzzChannel {

    static final String CHANNEL = "fuzzpay";

    record Merchant(TenantId tenant, String apiKey) {
    }

    private FuzzChannel() {
    }

    /** Imported by the tests, never found by component scanning. */
    static class Configuration {
        @Bean
        ChannelGateway fuzzGateway() {
            return new ChannelGateway() {
                @Override
                public String channel() {
                    return CHANNEL;
                }

                @Override
                public List<String> payMethods() {
                    return List.of("page", "qr");
                }

                @Override
                public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
                    return PayInstruction.redirect(payMethod,
                            "https://pay.example/" + merchantAccount + "/" + payment.id());
                }
            };
        }
    }

    static Merchant provision(ProvisionTenantUseCase provisioning, ChannelCredentialStore credentials,
                              String prefix) {
        String suffix = UUID.randomUUID().toString().substring(0, 13);
        TenantId tenant = new TenantId(prefix + "-" + suffix);
        var result = provisioning.provision(new ProvisionTenantCommand(tenant, "Shop " + suffix,
                new MerchantId("m-" + suffix), Optional.empty(), Optional.empty()));
        credentials.bindAccount(tenant, CHANNEL, "acct-" + suffix, Instant.now());
        return new Merchant(tenant, result.apiKey().orElseThrow().value());
    }

    /** A valid payment request at this channel, with {@code sku} put into the JSON as written. */
    static String order(String sku) {
        return "{\"merchant_order_id\":\"o-" + UUID.randomUUID().toString().substring(0, 8)
                + "\",\"amount_minor\":1999,\"currency\":\"CNY\",\"channel\":\"" + CHANNEL
                + "\",\"user_id\":\"u-42\",\"sku\":\"" + sku + "\",\"description\":\"d\"}";
    }

    /** A POST with a JSON body, closing the connection after the answer. */
    static String post(String path, String apiKey, String idempotencyKey, String body) {
        return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + apiKey
                + "\r\nIdempotency-Key: " + idempotencyKey + "\r\nContent-Type: application/json\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n" + body;
    }
}
