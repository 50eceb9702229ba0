package dev.tristate.adapter.in.web.problem;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.consolefixture.ConsolePageController;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

/** The advice answers for the web adapter; another adapter's controller keeps Spring's handling of its failures. */
@SpringBootTest(classes = ProblemAdviceScopeTest.App.class)
@AutoConfigureMockMvc
class ProblemAdviceScopeTest {

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import({ProblemAdvice.class, ConsolePageController.class})
    static class App {
    }

    @Autowired
    MockMvc mvc;

    @Test
    void anUnexpectedFailureOfAConsolePageIsNotTurnedIntoProblemJson() {
        assertThatThrownBy(() -> mvc.perform(MockMvcRequestBuilders.get("/console-fixture/broken")))
                .hasRootCauseInstanceOf(IllegalStateException.class)
                .hasRootCauseMessage("the console's own failure");
    }
}
