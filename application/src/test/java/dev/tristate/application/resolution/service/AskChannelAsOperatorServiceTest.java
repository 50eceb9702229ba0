package dev.tristate.application.resolution.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.ResolutionInProgress;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The console's audited question: first over a scripted resolver (what is audited and when it is a repeat), then over
 * the real one on in-memory fakes (the audit entries and the answer share their transactions).
 */
class AskChannelAsOperatorServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final TenantId TENANT = new TenantId("t-ask");
    private static final PaymentId PAYMENT = new PaymentId("pay_" + "a".repeat(32));
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);

    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final List<AskChannelUseCase.AskChannelCommand> asked = new ArrayList<>();
    private final ResolverFixture f = new ResolverFixture();

    private AskChannelAsOperatorService service(
            Function<AskChannelUseCase.AskChannelCommand, UnknownCaseView> resolver) {
        return new AskChannelAsOperatorService(command -> {
            asked.add(command);
            return resolver.apply(command);
        }, audit, new InMemoryTransactions(audit), Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static UnknownCaseView resolvedAs(String status) {
        return new UnknownCaseView(TENANT, PAYMENT, "sandbox", status, ResolutionStatus.RESOLVED, "stale",
                1, null, "SUCCESS", NOW, NOW, List.of(), List.of());
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    @Test
    void supportStaffMayAskAndTheAnswerIsAudited() {
        ActionResult result = service(c -> resolvedAs("SUCCEEDED")).askChannel(TENANT, PAYMENT, SUPPORT, key());

        assertThat(result.repeated()).isFalse();
        assertThat(result.entry().result()).isEqualTo("ASKED");
        assertThat(result.entry().detail()).contains("SUCCEEDED").contains("RESOLVED");
        assertThat(asked).singleElement().satisfies(c -> {
            assertThat(c.operator()).isEqualTo("sam");
            assertThat(c.paymentId()).isEqualTo(PAYMENT);
        });
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo("ASK_CHANNEL");
            assertThat(e.subjectId()).isEqualTo(PAYMENT.value());
            assertThat(e.at()).isEqualTo(NOW);
        });
    }

    @Test
    void theSameFormSubmittedTwiceAsksOnce() {
        AskChannelAsOperatorService service = service(c -> resolvedAs("SUCCEEDED"));
        ActionKey key = key();
        service.askChannel(TENANT, PAYMENT, SUPPORT, key);

        ActionResult again = service.askChannel(TENANT, PAYMENT, SUPPORT, key);

        assertThat(again.repeated()).isTrue();
        assertThat(asked).hasSize(1);
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void aCaseAnotherResolverHoldsIsReportedNotFailed() {
        ActionResult result = service(c -> {
            throw new ResolutionInProgress(PAYMENT);
        }).askChannel(TENANT, PAYMENT, SUPPORT, key());

        assertThat(result.entry().result()).isEqualTo("IN_PROGRESS");
    }

    @Test
    void anUnknownPaymentIsNotFoundAndNothingIsAudited() {
        AskChannelAsOperatorService service = service(c -> {
            throw new PaymentNotFound(PAYMENT);
        });

        assertThatThrownBy(() -> service.askChannel(TENANT, PAYMENT, SUPPORT, key()))
                .isInstanceOf(NotFoundInConsole.class);
        assertThat(audit.entries()).isEmpty();
    }

    /** The console's question over the real resolver, on the fixture's fakes. */
    private AskChannelAsOperatorService console() {
        return new AskChannelAsOperatorService(f.parts().askChannel(), f.audit, f.transactions, f.clock);
    }

    @Test
    void anOperatorsQuestionIsAuditedBeforeTheChannelIsAskedAndTheAnswerWithItsEffect() {
        Payment payment = f.aPayment(ResolverFixture.SHOP, ResolverFixture.T0);
        ActionKey key = key();
        List<AuditEntry> auditedWhenAsked = new ArrayList<>();
        f.gateway.then(() -> {
            auditedWhenAsked.addAll(f.audit.entries());
            return ScriptedQueries.says(ChannelTradeStatus.SUCCESS, 1999).get();
        });

        ActionResult result = console().askChannel(ResolverFixture.SHOP, payment.id(), SUPPORT, key);

        assertThat(auditedWhenAsked).singleElement().satisfies(e -> {
            assertThat(e.actionKey()).isEqualTo(key);
            assertThat(e.result()).isEqualTo("ASKING");
        });
        assertThat(result.repeated()).isFalse();
        assertThat(result.entry().actionKey()).isEqualTo(key.part("answer"));
        assertThat(result.entry().result()).isEqualTo("ASKED");
        assertThat(result.entry().detail()).contains("SUCCESS").contains("APPLIED").contains("SUCCEEDED");
        assertThat(f.audit.entries()).extracting(AuditEntry::result).containsExactly("ASKING", "ASKED");
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void anAnswerWhoseAuditEntryCannotBeWrittenIsNotAppliedEither() {
        Payment payment = f.aPayment(ResolverFixture.SHOP, ResolverFixture.T0);
        f.gateway.then(ScriptedQueries.says(ChannelTradeStatus.SUCCESS, 1999));
        f.refusedKeySuffix = ":answer";

        assertThatThrownBy(() -> console().askChannel(ResolverFixture.SHOP, payment.id(), SUPPORT, key()))
                .isInstanceOf(PersistenceFailure.class);

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(f.log.rows()).isEmpty();
        assertThat(f.outbox.events()).isEmpty();
        assertThat(f.audit.entries()).extracting(AuditEntry::result).containsExactly("ASKING");
    }

    @Test
    void aQuestionWhoseAttemptCannotBeAuditedAsksNothing() {
        Payment payment = f.aPayment(ResolverFixture.SHOP, ResolverFixture.T0);
        f.refusedKeySuffix = "-refused";

        assertThatThrownBy(() -> console().askChannel(ResolverFixture.SHOP, payment.id(), SUPPORT,
                new ActionKey(UUID.randomUUID() + "-refused"))).isInstanceOf(PersistenceFailure.class);

        assertThat(f.gateway.asked).isEmpty();
        assertThat(f.audit.entries()).isEmpty();
    }

    @Test
    void theSameQuestionSubmittedTwiceAsksTheChannelOnce() {
        Payment payment = f.aPayment(ResolverFixture.SHOP, ResolverFixture.T0);
        f.gateway.then(ScriptedQueries.says(ChannelTradeStatus.PROCESSING, 1999))
                .then(ScriptedQueries.says(ChannelTradeStatus.SUCCESS, 1999));
        ActionKey key = key();
        ActionResult first = console().askChannel(ResolverFixture.SHOP, payment.id(), SUPPORT, key);

        ActionResult again = console().askChannel(ResolverFixture.SHOP, payment.id(), SUPPORT, key);

        assertThat(again.repeated()).isTrue();
        assertThat(again.entry()).isEqualTo(first.entry());
        assertThat(f.gateway.asked).hasSize(1);
        assertThat(f.audit.entries()).hasSize(2);
    }
}
