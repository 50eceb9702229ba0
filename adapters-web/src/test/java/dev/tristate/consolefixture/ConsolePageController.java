package dev.tristate.consolefixture;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Stands for a controller of another adapter (the console), outside dev.tristate.adapter.in.web. */
@RestController
public class ConsolePageController {

    @GetMapping("/console-fixture/broken")
    String broken() {
        throw new IllegalStateException("the console's own failure");
    }
}
