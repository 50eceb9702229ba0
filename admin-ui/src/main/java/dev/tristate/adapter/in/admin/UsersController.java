package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.CreateUserCommand;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.UserChange;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.UserCommand;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase;
import dev.tristate.domain.console.ConsoleRole;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Console users (OPERATOR only, by the security rules and again by the use case). */
@Controller
class UsersController {

    private final ManageConsoleUsersUseCase users;

    UsersController(ManageConsoleUsersUseCase users) {
        this.users = users;
    }

    @GetMapping("/admin/users")
    String list(Model model) {
        model.addAttribute("users", users.consoleUsers());
        return "admin/users";
    }

    /** A generated password is shown on this response only (never redirected through the session, never again). */
    @PostMapping("/admin/users")
    String create(@RequestParam String username, @RequestParam ConsoleRole role, @RequestParam String actionKey,
                  Authentication authentication, Model model) {
        return shownOnce(users.createUser(ConsoleInput.read(() -> new CreateUserCommand(username, role,
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)))), model);
    }

    @PostMapping("/admin/users/{name}/reset-password")
    String resetPassword(@PathVariable String name, @RequestParam String actionKey, Authentication authentication,
                         Model model) {
        return shownOnce(users.resetPassword(userCommand(name, actionKey, authentication)), model);
    }

    @PostMapping("/admin/users/{name}/disable")
    String disable(@PathVariable String name, @RequestParam String actionKey, Authentication authentication,
                   RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, users.disableUser(userCommand(name, actionKey, authentication)).result());
        return "redirect:/admin/users";
    }

    @PostMapping("/admin/users/{name}/enable")
    String enable(@PathVariable String name, @RequestParam String actionKey, Authentication authentication,
                  RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, users.enableUser(userCommand(name, actionKey, authentication)).result());
        return "redirect:/admin/users";
    }

    private static UserCommand userCommand(String name, String actionKey, Authentication authentication) {
        return ConsoleInput.read(() -> new UserCommand(name, ConsoleModel.operatorOf(authentication),
                ConsoleModel.key(actionKey)));
    }

    private static String shownOnce(UserChange change, Model model) {
        model.addAttribute("change", change);
        return "admin/user-password";
    }
}
