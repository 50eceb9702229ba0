package dev.tristate.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.tristate.adapter.in.admin.archfixture.AdminUsingOutboundPort;
import dev.tristate.adapter.in.web.archfixture.WebAdapterUsingPersistence;
import dev.tristate.adapter.in.web.archfixture.WebAdapterUsingService;
import dev.tristate.adapter.in.web.archfixture.WebAdapterUsingASimulator;
import dev.tristate.adapter.in.web.archfixture.WebAdapterUsingTheSandbox;
import dev.tristate.adapter.out.persistence.SpringTransactions;
import dev.tristate.application.archfixture.ApplicationClassUsingSpring;
import dev.tristate.application.fixturealpha.port.in.AlphaReport;
import dev.tristate.application.fixturealpha.port.in.AlphaUseCase;
import dev.tristate.application.fixturealpha.port.out.AlphaStore;
import dev.tristate.application.fixturealpha.service.PublicAlphaService;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.archfixture.cycle.a.A;
import dev.tristate.archfixture.cycle.b.B;
import dev.tristate.domain.archfixture.DomainClassReadingTheClock;
import dev.tristate.domain.archfixture.DomainClassUsingSpring;
import dev.tristate.domain.archfixture.DomainUsingAnInboundPort;
import dev.tristate.domain.payment.Payment;
import dev.tristate.sandbox.archfixture.SandboxUsingTheDomain;
import dev.tristate.simulator.archfixture.Simulated;
import dev.tristate.simulator.archfixture.SimulatorUsingTheApplication;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/**
 * A rule that never fails is worthless: each rule is run over a small deliberate violation (the archfixture
 * packages in this module's test code) and must report it, and over a clean class and must not.
 */
class ArchitectureRulesCatchViolationsTest {

    private static EvaluationResult evaluate(ArchRule rule, Class<?>... classes) {
        JavaClasses imported = new ClassFileImporter().importClasses(classes);
        return rule.evaluate(imported);
    }

    private static void assertCatches(ArchRule rule, String expectedInReport, Class<?>... violation) {
        EvaluationResult result = evaluate(rule, violation);
        assertThat(result.hasViolation()).as(rule.getDescription()).isTrue();
        assertThat(result.getFailureReport().toString()).contains(expectedInReport);
    }

    @Test
    void domainRuleCatchesADomainClassUsingSpring() {
        assertCatches(ArchitectureRules.domain_should_depend_only_on_the_jdk, "StringUtils",
                DomainClassUsingSpring.class);
        assertThat(evaluate(ArchitectureRules.domain_should_depend_only_on_the_jdk, Payment.class).hasViolation())
                .isFalse();
    }

    @Test
    void clockRuleCatchesADomainClassCallingNow() {
        assertCatches(ArchitectureRules.domain_should_not_read_the_clock, "Instant.now()",
                DomainClassReadingTheClock.class);
        assertThat(evaluate(ArchitectureRules.domain_should_not_read_the_clock, Payment.class).hasViolation())
                .isFalse();
    }

    @Test
    void applicationRuleCatchesTransactionalAboveTheAdapters() {
        assertCatches(ArchitectureRules.application_should_depend_only_on_domain_and_the_jdk, "Transactional",
                ApplicationClassUsingSpring.class);
        assertThat(evaluate(ArchitectureRules.application_should_depend_only_on_domain_and_the_jdk,
                PaymentRepository.class).hasViolation()).isFalse();
    }

    @Test
    void adapterRuleCatchesOneAdapterUsingAnother() {
        assertCatches(ArchitectureRules.adapters_should_not_depend_on_each_other, "SpringTransactions",
                WebAdapterUsingPersistence.class, SpringTransactions.class);
    }

    @Test
    void serviceRuleCatchesAnAdapterUsingAnApplicationService() {
        assertCatches(ArchitectureRules.adapters_should_not_depend_on_application_services, "PublicAlphaService",
                WebAdapterUsingService.class);
    }

    @Test
    void adminRuleCatchesTheConsoleReadingAnOutboundPort() {
        assertCatches(ArchitectureRules.admin_ui_should_use_only_inbound_ports, "PaymentRepository",
                AdminUsingOutboundPort.class, PaymentRepository.class);
    }

    @Test
    void sandboxRuleCatchesTheSimulatedChannelUsingTheDomain() {
        assertCatches(ArchitectureRules.sandbox_channel_should_stay_outside_the_system, "Money",
                SandboxUsingTheDomain.class);
    }

    @Test
    void sandboxRuleCatchesAnAdapterCallingTheSimulatorDirectly() {
        assertCatches(ArchitectureRules.only_bootstrap_should_know_the_sandbox_channel, "SandboxMerchants",
                WebAdapterUsingTheSandbox.class);
    }

    @Test
    void sandboxRuleCatchesAChannelSimulatorUsingTheApplication() {
        assertCatches(ArchitectureRules.sandbox_channel_should_stay_outside_the_system, "ChannelStatement",
                SimulatorUsingTheApplication.class);
    }

    @Test
    void sandboxRuleCatchesAnAdapterCallingAChannelSimulatorDirectly() {
        assertCatches(ArchitectureRules.only_bootstrap_should_know_the_sandbox_channel, "Simulated",
                WebAdapterUsingASimulator.class, Simulated.class);
    }

    @Test
    void cycleRuleCatchesAPackageCycle() {
        assertCatches(ArchitectureRules.no_package_cycles, "Cycle", A.class, B.class);
    }

    @Test
    void featureRuleCatchesOneFeatureUsingAnothersService() throws ClassNotFoundException {
        Class<?> reaching = Class.forName("dev.tristate.application.fixturebeta.service.BetaReachingIntoAlpha");
        Class<?> throughThePort = Class.forName("dev.tristate.application.fixturebeta.service.BetaUsingAlphasPort");
        assertCatches(ArchitectureRules.features_should_reach_each_other_only_through_their_ports,
                "PublicAlphaService", reaching, PublicAlphaService.class);
        assertThat(evaluate(ArchitectureRules.features_should_reach_each_other_only_through_their_ports,
                throughThePort, AlphaUseCase.class).hasViolation()).isFalse();
    }

    @Test
    void portRuleCatchesAnInboundPortUsingAnOutboundPort() {
        assertCatches(ArchitectureRules.inbound_and_outbound_ports_should_not_depend_on_each_other, "AlphaStore",
                AlphaReport.class, AlphaStore.class);
        assertThat(evaluate(ArchitectureRules.inbound_and_outbound_ports_should_not_depend_on_each_other,
                AlphaUseCase.class).hasViolation()).isFalse();
    }

    @Test
    void portRuleCatchesAnOutboundPortUsingAnInboundPort() {
        assertCatches(ArchitectureRules.outbound_ports_should_not_depend_on_inbound_ports, "AlphaUseCase",
                AlphaStore.class, AlphaUseCase.class);
        assertThat(evaluate(ArchitectureRules.outbound_ports_should_not_depend_on_inbound_ports,
                PaymentRepository.class).hasViolation()).isFalse();
    }

    @Test
    void visibilityRuleCatchesAPublicService() throws ClassNotFoundException {
        Class<?> packagePrivate = Class.forName("dev.tristate.application.fixturealpha.service.AlphaService");
        assertThat(Modifier.isPublic(packagePrivate.getModifiers())).isFalse();
        assertCatches(ArchitectureRules.services_should_not_be_public, "PublicAlphaService",
                PublicAlphaService.class);
        assertThat(evaluate(ArchitectureRules.services_should_not_be_public, packagePrivate).hasViolation())
                .isFalse();
    }

    @Test
    void diagramRuleCatchesTheDomainUsingTheApplication() {
        assertCatches(ArchitectureDiagram.rule(), "AlphaUseCase", DomainUsingAnInboundPort.class,
                AlphaUseCase.class);
        assertThat(evaluate(ArchitectureDiagram.rule(), Payment.class).hasViolation()).isFalse();
    }

    @Test
    void diagramRuleCatchesAnArrowMissingFromThePicture() {
        String arrow = "Admin --> PortsIn";
        assertThat(ArchitectureDiagram.source()).contains(arrow);
        EvaluationResult withoutTheArrow = ArchitectureDiagram.ruleFor(diagram -> diagram.replace(arrow, ""))
                .evaluate(productionAdminAndPorts());
        assertThat(withoutTheArrow.hasViolation()).isTrue();
        assertThat(withoutTheArrow.getFailureReport().toString()).contains("dev.tristate.adapter.in.admin");
    }

    private static JavaClasses productionAdminAndPorts() {
        return new ClassFileImporter()
                .withImportOption(com.tngtech.archunit.core.importer.ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.tristate.adapter.in.admin", "dev.tristate.application");
    }
}
