package dev.tristate.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rule of {@link ArchitectureRules} over the production code of every module. */
class ArchitectureTest {

    private static JavaClasses production;

    @BeforeAll
    static void importProductionCode() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages(ArchitectureRules.BASE);
        if (production.size() < 50 || !production.contain("dev.tristate.domain.payment.Payment")
                || !production.contain("dev.tristate.adapter.out.persistence.SpringTransactions")
                || !production.contain("dev.tristate.adapter.in.admin.AdminConfiguration")
                || !production.contain("dev.tristate.sandbox.SandboxChannelConfiguration")
                || !production.contain("dev.tristate.simulator.alipay.AlipaySimulatorConfiguration")
                || !production.contain("dev.tristate.simulator.stripe.StripeSimulatorConfiguration")
                || !production.contain("dev.tristate.simulator.wechat.WechatSimulatorConfiguration")
                || production.contain("dev.tristate.archfixture.cycle.a.A")) {
            throw new IllegalStateException("the import missed modules or took in test fixtures");
        }
    }

    static Stream<Arguments> rules() {
        return Stream.of(
                Arguments.of("domain_should_depend_only_on_the_jdk", ArchitectureRules.domain_should_depend_only_on_the_jdk),
                Arguments.of("domain_should_not_read_the_clock", ArchitectureRules.domain_should_not_read_the_clock),
                Arguments.of("application_should_depend_only_on_domain_and_the_jdk",
                        ArchitectureRules.application_should_depend_only_on_domain_and_the_jdk),
                Arguments.of("features_should_reach_each_other_only_through_their_ports",
                        ArchitectureRules.features_should_reach_each_other_only_through_their_ports),
                Arguments.of("inbound_and_outbound_ports_should_not_depend_on_each_other",
                        ArchitectureRules.inbound_and_outbound_ports_should_not_depend_on_each_other),
                Arguments.of("outbound_ports_should_not_depend_on_inbound_ports",
                        ArchitectureRules.outbound_ports_should_not_depend_on_inbound_ports),
                Arguments.of("services_should_not_be_public", ArchitectureRules.services_should_not_be_public),
                Arguments.of("the component diagram in docs/architecture.md", ArchitectureDiagram.rule()),
                Arguments.of("adapters_should_not_depend_on_each_other", ArchitectureRules.adapters_should_not_depend_on_each_other),
                Arguments.of("adapters_should_not_depend_on_application_services",
                        ArchitectureRules.adapters_should_not_depend_on_application_services),
                Arguments.of("admin_ui_should_use_only_inbound_ports", ArchitectureRules.admin_ui_should_use_only_inbound_ports),
                Arguments.of("sandbox_channel_should_stay_outside_the_system",
                        ArchitectureRules.sandbox_channel_should_stay_outside_the_system),
                Arguments.of("only_bootstrap_should_know_the_sandbox_channel",
                        ArchitectureRules.only_bootstrap_should_know_the_sandbox_channel),
                Arguments.of("no_package_cycles", ArchitectureRules.no_package_cycles));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void productionCodeFollowsTheRule(String name, ArchRule rule) {
        rule.check(production);
    }
}
