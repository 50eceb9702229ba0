package dev.tristate.bootstrap.callback;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundOutcomes;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.service.CaseLeases;
import dev.tristate.application.resolution.service.CaseWriteBack;
import dev.tristate.application.resolution.service.ChannelQuestions;
import dev.tristate.application.resolution.service.PaymentResolver;
import dev.tristate.application.resolution.service.QueryAnswerRecorder;
import dev.tristate.application.resolution.service.RefundResolver;
import dev.tristate.application.resolution.service.ResolvePaymentsService;
import dev.tristate.application.resolution.service.ResolverSettings;
import dev.tristate.application.resolution.service.UnknownCasesService;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.context.ApplicationContext;

/**
 * A resolver of a test's own, built from the running application's stores as the resolver wiring builds it, but with
 * the test's gateways, settings and clock (ahead of real time, so that nothing has to wait).
 */
final class OwnResolver implements ResolvePaymentsUseCase, UnknownCasesQuery {

    private final ResolvePaymentsService round;
    private final UnknownCasesService views;

    OwnResolver(ApplicationContext app, List<ChannelGateway> gateways, Clock clock, ResolverSettings settings) {
        PaymentRepository payments = app.getBean(PaymentRepository.class);
        ResolutionCases cases = app.getBean(ResolutionCases.class);
        Transactions transactions = app.getBean(Transactions.class);
        ChannelQuestions questions = new ChannelQuestions(gateways, app.getBean(ChannelCredentialStore.class), clock);
        this.round = new ResolvePaymentsService(
                new CaseLeases(cases, app.getBean(RefundStore.class), transactions, clock, UUID::randomUUID, settings),
                questions,
                new PaymentResolver(payments, questions, new QueryAnswerRecorder(payments,
                        app.getBean(NotificationLog.class), app.getBean(OutboxStore.class),
                        app.getBean(ReviewCases.class), transactions, clock, UUID::randomUUID), settings),
                new RefundResolver(app.getBean(RefundStore.class), app.getBean(RefundOutcomes.class), questions),
                new CaseWriteBack(cases, app.getBean(UnknownOutcomeLedger.class), transactions, clock, settings));
        this.views = new UnknownCasesService(cases, payments, app.getBean(UnknownOutcomeLedger.class));
    }

    @Override
    public ResolverRun resolveDue() {
        return round.resolveDue();
    }

    @Override
    public List<UnknownCaseView> listUnknownCases(TenantId tenantIdOrNull, Set<ResolutionStatus> statuses, int limit) {
        return views.listUnknownCases(tenantIdOrNull, statuses, limit);
    }

    @Override
    public Optional<UnknownCaseView> unknownCase(TenantId tenantId, PaymentId paymentId) {
        return views.unknownCase(tenantId, paymentId);
    }
}
