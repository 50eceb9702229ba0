package dev.tristate.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The layering, as rules that fail the build. Each rule is a named field so that {@code ArchitectureTest} runs it
 * over the production code and {@code ArchitectureRulesCatchViolationsTest} proves it fails on a deliberate
 * violation.
 */
public final class ArchitectureRules {

    static final String BASE = "dev.tristate";
    static final String DOMAIN = BASE + ".domain..";
    static final String APPLICATION = BASE + ".application..";
    static final String APPLICATION_SERVICES = BASE + ".application.*.service..";
    static final String INBOUND_PORTS = BASE + ".application.*.port.in..";
    static final String ADMIN_UI = BASE + ".adapter.in.admin..";
    static final String OUTBOUND_PORTS = BASE + ".application.*.port.out..";
    /** {@code dev.tristate.application.<feature>.<layer>...}: group 1 is the feature, group 2 the layer. */
    static final Pattern FEATURE_PACKAGE =
            Pattern.compile("dev\\.tristate\\.application\\.([a-z]+)\\.(port\\.in|port\\.out|service)(\\..*)?");
    static final String SHARED = "shared";

    private ArchitectureRules() {
    }

    public static final ArchRule domain_should_depend_only_on_the_jdk = classes()
            .that().resideInAPackage(DOMAIN)
            .should().onlyDependOnClassesThat().resideInAnyPackage(DOMAIN, "java..")
            .as("domain should depend only on the JDK");

    public static final ArchRule domain_should_not_read_the_clock = noClasses()
            .that().resideInAPackage(DOMAIN)
            .should().callMethod(Instant.class, "now")
            .orShould().callMethod(LocalDateTime.class, "now")
            .orShould().callMethod(LocalDate.class, "now")
            .orShould().callMethod(OffsetDateTime.class, "now")
            .orShould().callMethod(ZonedDateTime.class, "now")
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().dependOnClassesThat().areAssignableTo(Clock.class)
            .as("domain should not read the clock (time is passed in)");

    public static final ArchRule application_should_depend_only_on_domain_and_the_jdk = classes()
            .that().resideInAPackage(APPLICATION)
            .should().onlyDependOnClassesThat().resideInAnyPackage(APPLICATION, DOMAIN, "java..")
            .as("application should depend only on the domain and the JDK");

    public static final ArchRule adapters_should_not_depend_on_each_other = slices()
            .assignedFrom(adapterModules())
            .should().notDependOnEachOther()
            .as("adapters should not depend on each other");

    public static final ArchRule adapters_should_not_depend_on_application_services = noClasses()
            .that().resideInAPackage(BASE + ".adapter..")
            .should().dependOnClassesThat().resideInAPackage(APPLICATION_SERVICES)
            .as("adapters should not depend on application services");

    public static final ArchRule admin_ui_should_use_only_inbound_ports = noClasses()
            .that().resideInAPackage(ADMIN_UI)
            .should().dependOnClassesThat().resideInAnyPackage(APPLICATION_SERVICES,
                    BASE + ".application.*.port.out..")
            .orShould().dependOnClassesThat().resideInAPackage(BASE + ".adapter.out..")
            .as("admin-ui should reach the application only through inbound ports");

    public static final ArchRule sandbox_channel_should_stay_outside_the_system = noClasses()
            .that().resideInAnyPackage(BASE + ".sandbox..", BASE + ".simulator..")
            .should().dependOnClassesThat().resideInAnyPackage(DOMAIN, APPLICATION, BASE + ".adapter..",
                    BASE + ".bootstrap..")
            .as("the sandbox channel and the channel simulators (simulated PSPs) should not depend on the system they"
                    + " serve");

    public static final ArchRule only_bootstrap_should_know_the_sandbox_channel = noClasses()
            .that().resideOutsideOfPackages(BASE + ".sandbox..", BASE + ".simulator..", BASE + ".bootstrap..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + ".sandbox..", BASE + ".simulator..")
            .as("only bootstrap should know the in-process sandbox channel and simulators; the system reaches them"
                    + " over HTTP");

    public static final ArchRule no_package_cycles = slices()
            .matching(BASE + ".(**)")
            .should().beFreeOfCycles()
            .as("packages should be free of cycles");

    public static final ArchRule features_should_reach_each_other_only_through_their_ports = classes()
            .that().resideInAPackage(APPLICATION)
            .should(reachOtherFeaturesOnlyThroughTheirPorts())
            .as("a feature should reach another only through its ports, never its services;"
                    + " the shared package should depend on no feature");

    public static final ArchRule inbound_and_outbound_ports_should_not_depend_on_each_other = noClasses()
            .that().resideInAPackage(INBOUND_PORTS)
            .should().dependOnClassesThat().resideInAPackage(OUTBOUND_PORTS)
            .as("inbound ports should not depend on outbound ports")
            .because("a use case's contract with its callers must not change when a store or a channel changes");

    public static final ArchRule outbound_ports_should_not_depend_on_inbound_ports = noClasses()
            .that().resideInAPackage(OUTBOUND_PORTS)
            .should().dependOnClassesThat().resideInAPackage(INBOUND_PORTS)
            .as("outbound ports should not depend on inbound ports");

    public static final ArchRule services_should_not_be_public = noClasses()
            .that().resideInAPackage(APPLICATION_SERVICES)
            .and().resideOutsideOfPackage(BASE + ".application.shared..")
            .and().haveSimpleNameNotEndingWith("Services")
            .and().haveSimpleNameNotEndingWith("Settings")
            .and().areNotMemberClasses()
            .should().haveModifier(JavaModifier.PUBLIC)
            .as("services should be package-private behind their inbound ports; each feature's"
                    + " <Feature>Services factory and its *Settings values are the only public classes"
                    + " (the shared package serves every feature and is public)");

    /** Adapters are modules; messaging is one module with inbound and outbound sides. */
    static SliceAssignment adapterModules() {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String pkg = javaClass.getPackageName();
                String prefix = BASE + ".adapter.";
                if (!pkg.startsWith(prefix)) {
                    return SliceIdentifier.ignore();
                }
                String[] parts = pkg.substring(prefix.length()).split("\\.");
                if (parts.length < 2) {
                    return SliceIdentifier.ignore();
                }
                return SliceIdentifier.of(parts[1].equals("messaging") ? "messaging" : parts[1]);
            }

            @Override
            public String getDescription() {
                return "adapter modules";
            }
        };
    }

    static String feature(String packageName) {
        Matcher matcher = FEATURE_PACKAGE.matcher(packageName);
        return matcher.matches() ? matcher.group(1) : null;
    }

    static boolean isService(String packageName) {
        Matcher matcher = FEATURE_PACKAGE.matcher(packageName);
        return matcher.matches() && matcher.group(2).equals("service");
    }

    private static ArchCondition<JavaClass> reachOtherFeaturesOnlyThroughTheirPorts() {
        return new ArchCondition<>("reach other features only through their ports") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                String from = feature(origin.getPackageName());
                if (from == null) {
                    return;
                }
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    String targetPackage = dependency.getTargetClass().getBaseComponentType().getPackageName();
                    String to = feature(targetPackage);
                    if (to == null || to.equals(from)) {
                        continue;
                    }
                    boolean intoAService = isService(targetPackage) && !to.equals(SHARED);
                    boolean sharedUsingAFeature = from.equals(SHARED);
                    if (intoAService || sharedUsingAFeature) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }
}
