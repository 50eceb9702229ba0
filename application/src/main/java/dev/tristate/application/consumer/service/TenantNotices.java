package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.out.TenantNotifier.Delivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.GrantNotice;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotDelivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotifyOutcome;
import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.task.Task;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * A task's signed notice to its tenant's own service: the tenant's endpoint and valid signing secrets as the round read
 * them ({@link RoundReads}), the call to the notifier with the task key as {@code Idempotency-Key}, and what the
 * notifier's answer means for the task. A tenant without a valid signing secret gets no unsigned notice: that fails
 * for good. The call runs in a child span of the trace the task was written in, so that one trace reaches from the
 * callback to it. Separate from {@link TaskRunnerService}, which decides whether a task runs at all (its lease, its
 * payment re-checked, a revocation first) and writes its next state: this is everything talking to the tenant takes.
 */
final class TenantNotices {

    static final String NOTICE_SPAN = "tenant notice";

    /** What came of a task's notice. */
    sealed interface Result {
    }

    /** A notice that did not fail: it got through, or the tenant has nowhere to send it to. */
    enum Settled implements Result {
        /** Accepted by the tenant's service; crash point C6 lies between this and the task's DONE. */
        DELIVERED,
        /** Nothing sent: the tenant has no webhook endpoint. */
        NO_ENDPOINT
    }

    /** Not delivered: why, and whether for good. */
    record Failed(ConsumerFailure failure) implements Result {
    }

    private final TenantWebhooks webhooks;
    private final ChannelCredentialStore credentials;
    private final TenantNotifier notifier;
    private final TraceContext trace;
    private final CrashPoints crashPoints;
    private final Clock clock;

    TenantNotices(TenantWebhooks webhooks, ChannelCredentialStore credentials, TenantNotifier notifier,
                  TraceContext trace, CrashPoints crashPoints, Clock clock) {
        this.webhooks = webhooks;
        this.credentials = credentials;
        this.notifier = notifier;
        this.trace = trace;
        this.crashPoints = crashPoints;
        this.clock = clock;
    }

    /** The reads of a new round: each round starts with none. */
    RoundReads newRound() {
        return new RoundReads(webhooks, credentials, clock);
    }

    /** Sends the notice of {@code task} (a grant, or with {@code revocation} its revocation) of a payment now so. */
    Result send(Task task, PaymentStatus paymentStatus, boolean revocation, RoundReads reads) {
        Optional<URI> endpoint = reads.endpointOf(task.tenantId());
        if (endpoint.isEmpty()) {
            return Settled.NO_ENDPOINT;
        }
        List<String> secrets;
        try {
            secrets = reads.signingSecrets(task.tenantId());
        } catch (PersistenceFailure e) {
            return new Failed(ConsumerFailure.transientFailure(e.outcomeClass(), e.getMessage()));
        }
        if (secrets.isEmpty()) {
            return new Failed(ConsumerFailure.permanent("the tenant has no valid webhook signing secret:"
                    + " issue one on the tenant page, then replay"));
        }
        NotifyOutcome outcome;
        try {
            GrantNotice notice = new GrantNotice(revocation ? GrantNotice.REVOKED : GrantNotice.GRANTED,
                    task.tenantId(), task.paymentId(), paymentStatus.name(), task.userId(), task.sku());
            outcome = trace.inChildSpan(task.traceparent(), NOTICE_SPAN,
                    () -> notifier.notify(endpoint.get(), task.key(), notice, secrets));
        } catch (RuntimeException e) {
            outcome = new NotDelivered(OutcomeClass.UNKNOWN, "the notifier failed: " + e);
        }
        if (outcome instanceof Delivered) {
            crashPoints.reached(CrashPoints.C6_BEFORE_TASK_DONE);
            return Settled.DELIVERED;
        }
        NotDelivered failed = (NotDelivered) outcome;
        return new Failed(failed.outcomeClass() == OutcomeClass.DEFINITE
                ? ConsumerFailure.permanent(failed.reason())
                : ConsumerFailure.transientFailure(failed.outcomeClass(), failed.reason()));
    }
}
