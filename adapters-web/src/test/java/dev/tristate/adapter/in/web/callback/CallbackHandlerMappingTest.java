package dev.tristate.adapter.in.web.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.in.UnknownChannel;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.HandlerMapping;

class CallbackHandlerMappingTest {

    private final List<RawNotification> handled = new ArrayList<>();
    private final ChannelCallbackController controller = new ChannelCallbackController(
            new HandleChannelNotificationUseCase() {
                @Override
                public ChannelAnswer handle(RawNotification notification, String caller) {
                    handled.add(notification);
                    if (notification.channel().equals("nowhere")) {
                        throw new UnknownChannel(notification.channel());
                    }
                    return new ChannelAnswer(200, "text/plain", "success");
                }

                @Override
                public ChannelAnswer refuse(RawNotification notification, String caller, String reason) {
                    throw new AssertionError("no path here is refused");
                }
            }, 16, 1024, Duration.ofMinutes(1), Duration.ofSeconds(5));
    private final CallbackHandlerMapping mapping = new CallbackHandlerMapping(controller);

    @Test
    void aCallbackIsHandledAndAnsweredWithTheChannelsAnswer() throws Exception {
        MockHttpServletRequest request = post("/callbacks/sandbox");
        request.setContent("{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        request.addHeader("X-Sandbox-Signature", "t=1,v1=ab");

        MockHttpServletResponse response = run(request);

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(response.getContentType()).isEqualTo("text/plain");
        assertThat(response.getContentAsString()).isEqualTo("success");
        assertThat(response.getContentLength()).isEqualTo(7);
        assertThat(handled).singleElement().satisfies(n -> {
            assertThat(n.channel()).isEqualTo("sandbox");
            assertThat(n.tenantHint()).isNull();
            assertThat(n.body()).isEqualTo("{\"a\":1}".getBytes(StandardCharsets.UTF_8));
            assertThat(n.headers()).containsEntry("x-sandbox-signature", List.of("t=1,v1=ab"));
        });
        assertThat(request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE))
                .isEqualTo("/callbacks/{channel}");
    }

    @Test
    void theAccountSegmentAndEncodedCharactersAreDecodedAsSpringMvcDecodesPathVariables() throws Exception {
        MockHttpServletRequest request = post("/callbacks/stripe/acct%20one");

        run(request);

        assertThat(handled).singleElement().satisfies(n -> {
            assertThat(n.channel()).isEqualTo("stripe");
            assertThat(n.tenantHint()).isEqualTo("acct one");
        });
        assertThat(request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE))
                .isEqualTo("/callbacks/{channel}/{account}");
    }

    @Test
    void aBodyOverTheLimitIsHandedOnCutAndMarked() throws Exception {
        MockHttpServletRequest request = post("/callbacks/sandbox");
        request.setContent(new byte[40]);

        run(request);

        assertThat(handled).singleElement().satisfies(n -> {
            assertThat(n.body()).hasSize(16);
            assertThat(n.bodyTooLarge()).isTrue();
        });
    }

    @Test
    void anUnknownChannelIsAnswered404WithItsCode() throws Exception {
        MockHttpServletResponse response = run(post("/callbacks/nowhere"));

        assertThat(response.getStatus()).isEqualTo(404);
        assertThat(response.getContentType()).isEqualTo("application/json");
        assertThat(response.getContentAsString()).isEqualTo("{\"code\":\"UNKNOWN_CHANNEL\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/callbacks/", "/callbacks//acct", "/callbacks/sandbox/", "/callbacks/a/b/c",
            "/callbacks/sandbox;x=1", "/callbacksx/sandbox", "/api/payments"})
    void otherPathsAreLeftToSpringMvc(String path) throws Exception {
        assertThat(mapping.getHandler(post(path))).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "PUT", "OPTIONS", "HEAD"})
    void otherMethodsAreLeftToSpringMvc(String method) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest(method, "/callbacks/sandbox");
        assertThat(mapping.getHandler(request)).isNull();
    }

    private static MockHttpServletRequest post(String path) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        request.setContentType("application/json");
        return request;
    }

    private MockHttpServletResponse run(MockHttpServletRequest request) throws Exception {
        HandlerExecutionChain chain = mapping.getHandler(request);
        assertThat(chain).isNotNull();
        MockHttpServletResponse response = new MockHttpServletResponse();
        ((HttpRequestHandler) chain.getHandler()).handleRequest(request, response);
        return response;
    }
}
