package dev.tristate.application.resolution.service;

import static dev.tristate.application.resolution.service.ResolverFixture.OTHER;
import static dev.tristate.application.resolution.service.ResolverFixture.SHOP;
import static dev.tristate.application.resolution.service.ResolverFixture.T0;
import static dev.tristate.application.resolution.service.ScriptedQueries.says;
import static dev.tristate.application.resolution.service.ScriptedQueries.timesOut;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.resolution.port.in.AskChannelUseCase.AskChannelCommand;
import dev.tristate.application.resolution.port.in.ResolutionInProgress;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.resolution.ResolutionStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** An operator's question about one payment, on in-memory fakes: asked at once, whatever the case's schedule. */
class AskChannelServiceTest {

    private final ResolverFixture f = new ResolverFixture();
    private final ScriptedQueries gateway = f.gateway;
    private final ResolverFixture.Parts parts = f.parts();
    private final ResolvePaymentsService resolver = parts.round();
    private final AskChannelService askChannel = parts.askChannel();

    @Test
    void anOperatorCanAskAboutAFlaggedCaseNowAndAnotherTenantsPaymentIsNotFound() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(timesOut()).then(timesOut()).then(timesOut()).then(says(ChannelTradeStatus.SUCCESS, 1999));
        for (int i = 0; i < 3; i++) {
            f.clock.advance(Duration.ofHours(1));
            resolver.resolveDue();
        }
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);

        UnknownCaseView view = askChannel.askChannel(new AskChannelCommand(SHOP, payment.id(), "alice",
                ActionAudit.NONE));

        assertThat(view.status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(view.paymentStatus()).isEqualTo("SUCCEEDED");
        assertThat(view.history()).hasSize(4);
        assertThat(view.history().get(3).detail()).contains("asked by alice");
        assertThat(f.views.listUnknownCases(SHOP, Set.of(ResolutionStatus.RESOLVED), 10)).hasSize(1);
        assertThatThrownBy(() -> askChannel.askChannel(new AskChannelCommand(OTHER, payment.id(), "mallory",
                ActionAudit.NONE))).isInstanceOf(PaymentNotFound.class);
    }

    @Test
    void aPaymentWithoutACaseGetsOneAndIsAskedAtOnce() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999));

        UnknownCaseView view = askChannel.askChannel(new AskChannelCommand(SHOP, payment.id(), "alice",
                ActionAudit.NONE));

        assertThat(view.reason()).isEqualTo("ASKED_BY_OPERATOR");
        assertThat(view.paymentStatus()).isEqualTo("PROCESSING");
        assertThat(view.status()).isEqualTo(ResolutionStatus.OPEN);
        assertThat(view.lastResult()).endsWith("(asked by alice)");
    }

    @Test
    void aCaseAnotherResolverHoldsIsNotAskedAboutAndTheAttemptIsAuditedAsInProgress() {
        Payment payment = f.aPayment(SHOP, T0);
        f.transactions.inTransaction(() -> {
            f.cases.open(SHOP, payment.id().value(), payment.channel(), "STALE_PAYMENT", T0);
            f.cases.claimNow(SHOP, payment.id().value(), new LeaseToken(UUID.randomUUID()), T0,
                    T0.plus(Duration.ofMinutes(1)));
        });
        List<String> audited = new ArrayList<>();

        assertThatThrownBy(() -> askChannel.askChannel(new AskChannelCommand(SHOP, payment.id(), "alice",
                (result, detail, at) -> audited.add(result)))).isInstanceOf(ResolutionInProgress.class);

        assertThat(gateway.asked).isEmpty();
        assertThat(audited).containsExactly("IN_PROGRESS");
    }
}
