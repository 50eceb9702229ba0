package dev.tristate.bootstrap.callback;

import static dev.tristate.bootstrap.callback.CallbackTestSupport.body;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.insertPendingPayment;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.notifications;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.outboxRows;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.post;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Signed sandbox notifications through real HTTP into the whole application, on the integration database (MariaDB
 * under .ci/run): concurrency, every order of a payment's notifications, and what each answer leaves behind.
 */
class SandboxCallbackEndToEndTest extends ApplicationOverHttpTest {

    private String merchantId;
    private String secret;
    private TenantId tenant;

    @BeforeEach
    void aTenant() {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        merchantId = "m-e2e-" + suffix;
        secret = "e2e-secret-" + suffix;
        tenant = new TenantId("t-e2e-" + suffix);
        tenants.provision(new ProvisionTenantCommand(tenant, "E2E shop", new MerchantId(merchantId), Optional.empty(),
                Optional.of(secret)));
    }

    @Test
    void fiftyConcurrentCopiesOfOneSuccessGiveOneTransitionOneOutboxRowAndFiftyAnswersOfSuccess() throws Exception {
        String paymentId = insertPendingPayment(dataSource, tenant.value());
        String body = body("n-" + UUID.randomUUID(), merchantId, paymentId, "T-" + UUID.randomUUID(), "SUCCESS", 1999);
        int copies = 50;
        ExecutorService pool = Executors.newFixedThreadPool(copies);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<HttpResponse<String>>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < copies; i++) {
                Callable<HttpResponse<String>> send = () -> {
                    start.await();
                    return post(port, secret, body);
                };
                answers.add(pool.submit(send));
            }
            start.countDown();
            for (Future<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.get();
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.body()).isEqualTo("{\"code\":\"SUCCESS\"}");
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(status(dataSource, paymentId)).isEqualTo("SUCCEEDED");
        assertThat(outboxRows(dataSource, paymentId)).isEqualTo(1);
        assertThat(notifications(dataSource, paymentId, "APPLIED")).isEqualTo(1);
        assertThat(notifications(dataSource, paymentId, "DUPLICATE")).isEqualTo(copies - 1);
    }

    @Test
    void everyOrderOfProcessingSuccessCloseAndADuplicateEndsWhereTheDomainSays() throws Exception {
        List<String> kinds = List.of("PROCESSING", "SUCCESS", "CLOSED", "DUPLICATE");
        List<List<String>> orders = permutations(kinds);
        assertThat(orders).hasSize(24);
        for (List<String> order : orders) {
            String paymentId = insertPendingPayment(dataSource, tenant.value());
            String tradeNo = "T-" + UUID.randomUUID();
            String first = null;
            Payment predicted = Payment.initiate(new PaymentId(paymentId), tenant, new MerchantOrderId("o"),
                    Money.of(1999, "CNY"), "sandbox", "u", "s", "", Instant.EPOCH);
            int predictedEvents = 0;
            for (String kind : order) {
                String status = kind.equals("DUPLICATE") ? null : kind;
                String body;
                if (status == null) {
                    if (first == null) {
                        continue; // a duplicate of nothing yet: the order's real notifications follow
                    }
                    body = first;
                } else {
                    body = body("n-" + UUID.randomUUID(), merchantId, paymentId, tradeNo, status, 1999);
                    first = first == null ? body : first;
                    TransitionOutcome outcome = predicted.apply(new ChannelReport(ChannelTradeStatus.valueOf(status),
                            Money.of(1999, "CNY"), new ChannelTxnId(tradeNo), Instant.EPOCH), Instant.EPOCH);
                    if (outcome instanceof TransitionOutcome.Applied applied) {
                        predicted = applied.after();
                        predictedEvents += applied.events().size();
                    }
                }
                assertThat(post(port, secret, body).statusCode()).as("%s in %s", kind, order).isEqualTo(200);
            }
            assertThat(status(dataSource, paymentId)).as("final state after %s", order)
                    .isEqualTo(predicted.status().name());
            assertThat(outboxRows(dataSource, paymentId)).as("events after %s", order).isEqualTo(predictedEvents);
        }
    }

    @Test
    void aCallbackGetsNoSessionButKeepsTheSecurityHeaders() throws Exception {
        String paymentId = insertPendingPayment(dataSource, tenant.value());
        String body = body("n-" + UUID.randomUUID(), merchantId, paymentId, "T-" + UUID.randomUUID(), "SUCCESS", 1999);

        HttpResponse<String> answer = post(port, secret, body);

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().allValues("Set-Cookie")).as("callbacks are stateless").isEmpty();
        assertThat(answer.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(answer.headers().firstValue("Cache-Control")).hasValueSatisfying(
                value -> assertThat(value).contains("no-store"));
        assertThat(status(dataSource, paymentId)).isEqualTo("SUCCEEDED");
    }

    @Test
    void aForgedNotificationIsRefusedAndRecordedAndChangesNothing() throws Exception {
        String paymentId = insertPendingPayment(dataSource, tenant.value());
        String body = body("n-" + UUID.randomUUID(), merchantId, paymentId, "T-1", "SUCCESS", 1999);

        HttpResponse<String> answer = post(port, "not-the-secret", body);

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.body()).isEqualTo("{\"code\":\"BAD_SIGNATURE\"}");
        assertThat(status(dataSource, paymentId)).isEqualTo("PENDING");
        assertThat(notifications(dataSource, paymentId, "REJECTED")).isEqualTo(1);
    }

    private static List<List<String>> permutations(List<String> items) {
        if (items.isEmpty()) {
            return List.of(List.of());
        }
        List<List<String>> all = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            List<String> rest = new ArrayList<>(items);
            String head = rest.remove(i);
            for (List<String> tail : permutations(rest)) {
                List<String> order = new ArrayList<>();
                order.add(head);
                order.addAll(tail);
                all.add(order);
            }
        }
        return all;
    }
}
