package dev.tristate.adapter.in.admin;

import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.tenant.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.CreateTenantCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateWebhookSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetChannelCredentialCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetWebhookCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.TenantChange;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.TenantsQuery;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Optional;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Tenants and credentials (OPERATOR only, by the security rules and again by the use cases). */
@Controller
class TenantsController {

    private final TenantsQuery tenants;
    private final ManageTenantsUseCase manage;

    TenantsController(TenantsQuery tenants, ManageTenantsUseCase manage) {
        this.tenants = tenants;
        this.manage = manage;
    }

    @GetMapping("/admin/tenants")
    String list(Model model) {
        model.addAttribute("tenants", tenants.tenants());
        return "admin/tenants";
    }

    @GetMapping("/admin/tenants/{id}")
    String tenant(@PathVariable String id, Model model) {
        TenantId tenantId = ConsoleInput.read(() -> new TenantId(id));
        model.addAttribute("details", tenants.tenant(tenantId)
                .orElseThrow(() -> new NotFoundInConsole("no tenant " + id)));
        model.addAttribute("kinds", CredentialKind.values());
        model.addAttribute("webhook", tenants.webhookOf(tenantId).orElse(null));
        model.addAttribute("now", Instant.now());
        return "admin/tenant";
    }

    /** A generated key is shown on this response only (never redirected through the session, never again). */
    @PostMapping("/admin/tenants")
    String create(@RequestParam String tenantId, @RequestParam String name, @RequestParam String sandboxMerchantId,
                  @RequestParam String actionKey, Authentication authentication, Model model) {
        CreateTenantCommand command = ConsoleInput.read(() -> new CreateTenantCommand(new TenantId(tenantId.strip()),
                name.strip(), new MerchantId(sandboxMerchantId.strip()), ConsoleModel.operatorOf(authentication),
                ConsoleModel.key(actionKey)));
        return shownOnce(manage.createTenant(command), tenantId.strip(), model);
    }

    @PostMapping("/admin/tenants/{id}/rotate-key")
    String rotate(@PathVariable String id, @RequestParam String actionKey, Authentication authentication,
                  Model model) {
        RotateApiKeyCommand command = ConsoleInput.read(() -> new RotateApiKeyCommand(new TenantId(id),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
        return shownOnce(manage.rotateApiKey(command), id, model);
    }

    @PostMapping("/admin/tenants/{id}/credentials")
    String credential(@PathVariable String id, @RequestParam CredentialKind kind, @RequestParam String secret,
                      @RequestParam(required = false) String accountId, @RequestParam String actionKey,
                      Authentication authentication, RedirectAttributes redirect) {
        SetChannelCredentialCommand command = ConsoleInput.read(() -> new SetChannelCredentialCommand(
                new TenantId(id), kind, secret, Optional.ofNullable(accountId), ConsoleModel.operatorOf(authentication),
                ConsoleModel.key(actionKey)));
        TenantChange change = manage.setChannelCredential(command);
        ConsoleModel.flash(redirect, change.result());
        redirect.addAttribute("id", id);
        return "redirect:/admin/tenants/{id}";
    }

    /** The tenant's first endpoint brings its signing secret: then the answer is the page that shows it once. */
    @PostMapping("/admin/tenants/{id}/webhook")
    String webhook(@PathVariable String id, @RequestParam String endpoint, @RequestParam String actionKey,
                   Authentication authentication, RedirectAttributes redirect, Model model) {
        SetWebhookCommand command = ConsoleInput.read(() -> new SetWebhookCommand(new TenantId(id),
                ConfigureTenantWebhookUseCase.checkedEndpoint(endpoint), ConsoleModel.operatorOf(authentication),
                ConsoleModel.key(actionKey)));
        TenantChange change = manage.setWebhook(command);
        if (change.showsSecret()) {
            return shownOnce(change, id, model);
        }
        ConsoleModel.flash(redirect, change.result());
        redirect.addAttribute("id", id);
        return "redirect:/admin/tenants/{id}";
    }

    @PostMapping("/admin/tenants/{id}/rotate-webhook-secret")
    String rotateWebhookSecret(@PathVariable String id, @RequestParam String actionKey,
                               Authentication authentication, Model model) {
        RotateWebhookSecretCommand command = ConsoleInput.read(() -> new RotateWebhookSecretCommand(new TenantId(id),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
        return shownOnce(manage.rotateWebhookSecret(command), id, model);
    }

    @PostMapping("/admin/tenants/{id}/revoke-key")
    String revokeKey(@PathVariable String id, @RequestParam String prefix, @RequestParam String actionKey,
                     Authentication authentication, RedirectAttributes redirect) {
        RevokeApiKeyCommand command = ConsoleInput.read(() -> new RevokeApiKeyCommand(new TenantId(id), prefix,
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
        ConsoleModel.flash(redirect, manage.revokeApiKey(command).result());
        redirect.addAttribute("id", id);
        return "redirect:/admin/tenants/{id}";
    }

    @PostMapping("/admin/tenants/{id}/revoke-secret")
    String revokeSecret(@PathVariable String id, @RequestParam String secretId, @RequestParam String actionKey,
                        Authentication authentication, RedirectAttributes redirect) {
        RevokeSecretCommand command = ConsoleInput.read(() -> new RevokeSecretCommand(new TenantId(id),
                secretIdOf(secretId), ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
        ConsoleModel.flash(redirect, manage.revokeSecret(command).result());
        redirect.addAttribute("id", id);
        return "redirect:/admin/tenants/{id}";
    }

    static long secretIdOf(String secretId) {
        try {
            return Long.parseLong(secretId.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a secret is named by its id, a positive number");
        }
    }

    private static String shownOnce(TenantChange change, String tenantId, Model model) {
        model.addAttribute("change", change);
        model.addAttribute("tenantId", tenantId);
        return "admin/shown-once";
    }
}
