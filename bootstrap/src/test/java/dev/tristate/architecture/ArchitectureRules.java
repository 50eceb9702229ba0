package dev.tristate.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;

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
            .that().resideInAPackage(BASE + ".sandbox..")
            .should().dependOnClassesThat().resideInAnyPackage(DOMAIN, APPLICATION, BASE + ".adapter..",
                    BASE + ".bootstrap..")
            .as("the sandbox channel (a simulated PSP) should not depend on the system it serves");

    public static final ArchRule only_bootstrap_should_know_the_sandbox_channel = noClasses()
            .that().resideOutsideOfPackages(BASE + ".sandbox..", BASE + ".bootstrap..")
            .should().dependOnClassesThat().resideInAPackage(BASE + ".sandbox..")
            .as("only bootstrap should know the in-process sandbox channel; the system reaches it over HTTP");

    public static final ArchRule no_package_cycles = slices()
            .matching(BASE + ".(**)")
            .should().beFreeOfCycles()
            .as("packages should be free of cycles");

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
}
