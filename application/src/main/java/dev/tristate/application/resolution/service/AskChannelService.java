package dev.tristate.application.resolution.service;

import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.ResolutionInProgress;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.domain.payment.Payment;
import java.util.Optional;

/**
 * Asks the channel about one payment now, whatever its case's schedule: the case is opened if need be, leased at once
 * and worked by the {@link PaymentResolver} as in a round.
 */
public class AskChannelService implements AskChannelUseCase {

    private final PaymentRepository payments;
    private final CaseLeases leases;
    private final PaymentResolver resolver;
    private final CaseWriteBack writeBack;
    private final UnknownCasesQuery views;

    public AskChannelService(PaymentRepository payments, CaseLeases leases, PaymentResolver resolver,
                             CaseWriteBack writeBack, UnknownCasesQuery views) {
        this.payments = payments;
        this.leases = leases;
        this.resolver = resolver;
        this.writeBack = writeBack;
        this.views = views;
    }

    @Override
    public UnknownCaseView askChannel(AskChannelCommand command) {
        Payment payment = payments.findById(command.tenantId(), command.paymentId())
                .orElseThrow(() -> new PaymentNotFound(command.paymentId()));
        Optional<WorkedCase> leased = leases.leaseForOperator(payment, command.operator(), command.audit());
        if (leased.isEmpty()) {
            throw new ResolutionInProgress(payment.id());
        }
        writeBack.write(resolver.resolve(leased.get()));
        return views.unknownCase(command.tenantId(), payment.id()).orElseThrow();
    }
}
