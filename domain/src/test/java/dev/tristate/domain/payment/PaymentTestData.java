package dev.tristate.domain.payment;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * Test data for payments, shared with the other modules through the domain test-jar.
 *
 * <p>Every value has a fixed default, and every time is an offset from {@link #BASE_TIME}: tests never read the
 * clock, so a failing run can be repeated exactly. The defaults fit together: {@link #aReport(ChannelTradeStatus)}
 * describes the trade of {@code aPendingPayment().build()} (same amount, currency and channel transaction id), so a
 * test only states what it changes.
 *
 * <pre>{@code
 * Payment paid = PaymentTestData.aPendingPayment().withAmount(1999, "CNY").withStatus(PaymentStatus.SUCCEEDED).build();
 * TransitionOutcome outcome = paid.apply(PaymentTestData.aReportFor(paid, ChannelTradeStatus.CLOSED), PaymentTestData.at(120));
 * }</pre>
 */
public final class PaymentTestData {

    /** The instant every test time is counted from. */
    public static final Instant BASE_TIME = Instant.parse("2025-01-01T00:00:00Z");

    public static final PaymentId DEFAULT_PAYMENT_ID = new PaymentId("pay_test_0001");
    public static final TenantId DEFAULT_TENANT_ID = new TenantId("tenant-a");
    public static final MerchantOrderId DEFAULT_MERCHANT_ORDER_ID = new MerchantOrderId("order-0001");
    public static final Money DEFAULT_AMOUNT = Money.of(10_000, "CNY");
    public static final String DEFAULT_CHANNEL = "sandbox";
    public static final String DEFAULT_USER_ID = "user-0001";
    public static final String DEFAULT_SKU = "sku-monthly";
    public static final ChannelTxnId DEFAULT_CHANNEL_TXN_ID = new ChannelTxnId("txn-0001");

    /** When a default payment is created. */
    public static final Instant DEFAULT_CREATED_AT = BASE_TIME;
    /** When the channel's default report happened, and when a payment built as paid was paid. */
    public static final Instant DEFAULT_REPORT_TIME = at(60);

    private PaymentTestData() {
    }

    /** {@link #BASE_TIME} plus the given number of seconds. */
    public static Instant at(long secondsAfterBase) {
        return BASE_TIME.plusSeconds(secondsAfterBase);
    }

    /** {@link #BASE_TIME} plus the given offset. */
    public static Instant at(Duration afterBase) {
        return BASE_TIME.plus(afterBase);
    }

    /** A builder for a PENDING payment with the defaults above; {@link PaymentBuilder#withStatus} moves it. */
    public static PaymentBuilder aPendingPayment() {
        return new PaymentBuilder();
    }

    /** What the channel says about the default payment's trade: its amount, its transaction id, at the report time. */
    public static ChannelReport aReport(ChannelTradeStatus status) {
        return new ChannelReport(status, DEFAULT_AMOUNT, DEFAULT_CHANNEL_TXN_ID, DEFAULT_REPORT_TIME);
    }

    /**
     * What the channel says about the given payment's trade: its amount, and the transaction id it is bound to (the
     * default one while it is bound to none).
     */
    public static ChannelReport aReportFor(Payment payment, ChannelTradeStatus status) {
        ChannelTxnId txn = payment.channelTxnId() != null ? payment.channelTxnId() : DEFAULT_CHANNEL_TXN_ID;
        return new ChannelReport(status, payment.amount(), txn, DEFAULT_REPORT_TIME);
    }

    /** The channel status whose report asks for {@code target}; IllegalArgumentException if no report does. */
    public static ChannelTradeStatus channelStatusFor(PaymentStatus target) {
        return Arrays.stream(ChannelTradeStatus.values())
                .filter(status -> status.target() == target)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no channel report asks for " + target));
    }

    /**
     * Builds a payment as the persistence adapter would reconstitute it. Whatever status is asked for, the result is
     * consistent: a paid payment has a channel transaction id and a paid time, a partially refunded one has some but
     * not all of its amount refunded, a refunded one all of it, and an unpaid one nothing. Asking for an inconsistent
     * combination (a refund on an unpaid payment) fails at {@link #build()} rather than producing a payment no
     * production path could.
     */
    public static final class PaymentBuilder {

        private PaymentId id = DEFAULT_PAYMENT_ID;
        private TenantId tenantId = DEFAULT_TENANT_ID;
        private MerchantOrderId merchantOrderId = DEFAULT_MERCHANT_ORDER_ID;
        private long amountMinor = DEFAULT_AMOUNT.minor();
        private String currency = DEFAULT_AMOUNT.currencyCode();
        private String channel = DEFAULT_CHANNEL;
        private String userId = DEFAULT_USER_ID;
        private String sku = DEFAULT_SKU;
        private String description = "";
        private PaymentStatus status = PaymentStatus.PENDING;
        private ChannelTxnId channelTxnId;
        private Long refundedMinor;
        private Instant createdAt = DEFAULT_CREATED_AT;
        private Instant paidAt;
        private Version version;

        private PaymentBuilder() {
        }

        public PaymentBuilder withId(PaymentId id) {
            this.id = Objects.requireNonNull(id, "id");
            return this;
        }

        public PaymentBuilder withId(String id) {
            return withId(new PaymentId(id));
        }

        public PaymentBuilder withTenant(TenantId tenantId) {
            this.tenantId = Objects.requireNonNull(tenantId, "tenant id");
            return this;
        }

        public PaymentBuilder withTenant(String tenantId) {
            return withTenant(new TenantId(tenantId));
        }

        public PaymentBuilder withMerchantOrderId(String merchantOrderId) {
            this.merchantOrderId = new MerchantOrderId(merchantOrderId);
            return this;
        }

        /** The captured amount, in minor units of an upper-case ISO 4217 currency code. */
        public PaymentBuilder withAmount(long minor, String currency) {
            Money.of(minor, currency); // refuses a bad amount here, where the test states it
            this.amountMinor = minor;
            this.currency = currency;
            return this;
        }

        public PaymentBuilder withChannel(String channel) {
            this.channel = channel;
            return this;
        }

        public PaymentBuilder withUserId(String userId) {
            this.userId = userId;
            return this;
        }

        public PaymentBuilder withSku(String sku) {
            this.sku = sku;
            return this;
        }

        public PaymentBuilder withDescription(String description) {
            this.description = description;
            return this;
        }

        /**
         * The status to reconstitute the payment in. A paid status gets the default channel transaction id and paid
         * time unless given; PARTIALLY_REFUNDED gets half the amount refunded unless {@link #withRefunded} says
         * otherwise; REFUNDED gets all of it.
         */
        public PaymentBuilder withStatus(PaymentStatus status) {
            this.status = Objects.requireNonNull(status, "status");
            return this;
        }

        public PaymentBuilder withChannelTxnId(ChannelTxnId channelTxnId) {
            this.channelTxnId = Objects.requireNonNull(channelTxnId, "channel transaction id");
            return this;
        }

        public PaymentBuilder withChannelTxnId(String channelTxnId) {
            return withChannelTxnId(new ChannelTxnId(channelTxnId));
        }

        /** What has been refunded so far, in minor units of the payment's currency. */
        public PaymentBuilder withRefunded(long minor) {
            if (minor < 0) {
                throw new IllegalArgumentException("refunded cannot be negative: " + minor);
            }
            this.refundedMinor = minor;
            return this;
        }

        public PaymentBuilder withCreatedAt(Instant createdAt) {
            this.createdAt = Objects.requireNonNull(createdAt, "created at");
            return this;
        }

        public PaymentBuilder withPaidAt(Instant paidAt) {
            this.paidAt = Objects.requireNonNull(paidAt, "paid at");
            return this;
        }

        public PaymentBuilder withVersion(long version) {
            this.version = new Version(version);
            return this;
        }

        public Payment build() {
            Money amount = Money.of(amountMinor, currency);
            Money refunded = Money.of(refundedFor(amount), currency);
            boolean paid = status.isPaid();
            ChannelTxnId txn = channelTxnId != null ? channelTxnId : paid ? DEFAULT_CHANNEL_TXN_ID : null;
            Instant paidTime = paidAt != null ? paidAt : paid ? DEFAULT_REPORT_TIME : null;
            if (paidTime != null && !paid) {
                throw new IllegalStateException("a " + status + " payment has no paid time");
            }
            Instant updatedAt = paidTime != null ? paidTime : createdAt;
            // A reconstituted payment that has moved at least once has a version above the initial one.
            Version storedVersion = version != null ? version
                    : status == PaymentStatus.PENDING ? Version.INITIAL : Version.INITIAL.next();
            return Payment.reconstitute(id, tenantId, merchantOrderId, amount, channel, userId, sku, description,
                    status, txn, refunded, createdAt, updatedAt, paidTime, storedVersion);
        }

        private long refundedFor(Money amount) {
            long captured = amount.minor();
            switch (status) {
                case PARTIALLY_REFUNDED -> {
                    long partial = refundedMinor != null ? refundedMinor : captured / 2;
                    if (partial <= 0 || partial >= captured) {
                        throw new IllegalStateException("a partially refunded payment of " + amount
                                + " needs a refund between zero and the whole amount, not " + partial);
                    }
                    return partial;
                }
                case REFUNDED -> {
                    if (refundedMinor != null && refundedMinor != captured) {
                        throw new IllegalStateException("a refunded payment of " + amount
                                + " has all of it refunded, not " + refundedMinor);
                    }
                    return captured;
                }
                default -> {
                    if (refundedMinor != null && refundedMinor != 0) {
                        throw new IllegalStateException("a " + status + " payment has nothing refunded");
                    }
                    return 0;
                }
            }
        }
    }
}
