package dev.tristate.bootstrap.callback;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.resolution.service.ResolverSettings;
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

    private final ResolvePaymentsUseCase round;
    private final UnknownCasesQuery views;

    OwnResolver(ApplicationContext app, List<ChannelGateway> gateways, Clock clock, ResolverSettings settings) {
        ResolutionServices.Resolver resolver = ResolutionServices.resolver(gateways,
                app.getBean(ChannelCredentialStore.class), app.getBean(ResolutionCases.class),
                app.getBean(UnknownOutcomeLedger.class), app.getBean(PaymentRepository.class),
                app.getBean(RefundStore.class), app.getBean(NotificationLog.class),
                app.getBean(ApplyChannelReportUseCase.class), app.getBean(ApplyRefundAnswerUseCase.class),
                app.getBean(Transactions.class), clock, UUID::randomUUID, settings);
        this.round = resolver.resolve();
        this.views = resolver.unknownCases();
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
