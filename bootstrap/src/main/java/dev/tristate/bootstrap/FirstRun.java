package dev.tristate.bootstrap;

import dev.tristate.application.console.port.in.EnsureFirstOperatorUseCase.FirstOperator;
import dev.tristate.application.console.port.in.EnsureFirstOperatorUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantResult;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Makes a first start usable: the first console operator and (where enabled) the demo tenant, whose generated
 * secrets are printed once, on the console only, never to the log. A later start finds both and prints no secret.
 */
@Component
@Order(0)
class FirstRun implements ApplicationRunner {

    static final String DEMO_TENANT_ID = "demo";

    private final EnsureFirstOperatorUseCase operators;
    private final ProvisionTenantUseCase tenants;
    private final DemoChannelAccounts demoAccounts;
    private final Environment env;
    private final ApplicationContext context;
    private final PrintStream out;

    FirstRun(EnsureFirstOperatorUseCase operators, ProvisionTenantUseCase tenants, DemoChannelAccounts demoAccounts,
             Environment env, ApplicationContext context) {
        this.operators = operators;
        this.tenants = tenants;
        this.demoAccounts = demoAccounts;
        this.env = env;
        this.context = context;
        this.out = System.out;
    }

    @Override
    public void run(ApplicationArguments args) {
        String operatorName = env.getProperty("tristate.admin.bootstrap-username", "operator");
        FirstOperator operator = operators.ensureFirstOperator(operatorName,
                Optional.ofNullable(env.getProperty("tristate.admin.bootstrap-password")).filter(p -> !p.isBlank()));
        Optional<ProvisionTenantResult> demo = demoEnabled() ? Optional.of(provisionDemoTenant()) : Optional.empty();
        List<String> simulated = demo.map(d -> demoAccounts.ensure(d.tenantId())).orElse(List.of());
        printBanner(operator, demo, simulated);
    }

    private boolean demoEnabled() {
        return env.getProperty("tristate.demo.enabled", Boolean.class, false);
    }

    private ProvisionTenantResult provisionDemoTenant() {
        String merchantId = env.getProperty("tristate.demo.merchant-id", "demo-merchant");
        TenantId tenantId = new TenantId(env.getProperty("tristate.demo.tenant-id", DEMO_TENANT_ID));
        return tenants.provision(new ProvisionTenantCommand(tenantId, "Demo shop",
                new MerchantId(merchantId),
                Optional.ofNullable(env.getProperty("tristate.demo.api-key")).filter(k -> !k.isBlank()).map(ApiKey::new),
                Optional.ofNullable(env.getProperty("tristate.demo.sandbox-secret")).filter(s -> !s.isBlank())));
    }

    private void printBanner(FirstOperator operator, Optional<ProvisionTenantResult> demo, List<String> simulated) {
        String base = baseUrl();
        StringBuilder b = new StringBuilder("\n");
        b.append("==================================================================================\n");
        b.append(" Tristate is running").append(env.acceptsProfiles(org.springframework.core.env.Profiles.of("embedded"))
                ? " on the embedded default (H2 + in-process AMQP broker + sandbox channel)" : "").append('\n');
        b.append(" Admin console : ").append(base).append("/admin\n");
        b.append("   user        : ").append(operator.username()).append('\n');
        if (operator.generatedPassword().isPresent()) {
            b.append("   password    : ").append(operator.generatedPassword().get())
                    .append("   (generated, shown this once)\n");
        } else if (operator.created()) {
            b.append("   password    : the one set in tristate.admin.bootstrap-password\n");
        } else {
            b.append("   password    : as set at the first start (not shown again)\n");
        }
        b.append(" Merchant API  : ").append(base).append("/api/v1\n");
        b.append(" Health        : ").append(base).append("/actuator/health\n");
        demo.ifPresent(d -> {
            b.append(" Demo tenant   : ").append(d.tenantId()).append("   sandbox merchant_id: ")
                    .append(d.sandboxMerchantId()).append('\n');
            if (d.created()) {
                b.append("   API key     : ").append(d.apiKey().map(ApiKey::value).orElse("(configured)"))
                        .append('\n');
                b.append("   sandbox secret: ").append(d.sandboxSecret().orElse("(configured)")).append('\n');
                b.append("   (shown this once; they are stored only hashed or encrypted)\n");
            } else {
                b.append("   already provisioned: its API key and secret were shown at the first start\n");
            }
            b.append(" Simulated channels (the demo tenant has an account at each; nothing real is charged):\n");
            b.append("   sandbox\n");
            simulated.forEach(line -> b.append("   ").append(line).append('\n'));
        });
        b.append("==================================================================================\n");
        out.print(b);
        out.flush();
    }

    private String baseUrl() {
        int port = context instanceof WebServerApplicationContext web && web.getWebServer() != null
                ? web.getWebServer().getPort() : env.getProperty("server.port", Integer.class, 8080);
        return "http://localhost:" + port;
    }
}
