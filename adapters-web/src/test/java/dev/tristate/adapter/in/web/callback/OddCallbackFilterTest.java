package dev.tristate.adapter.in.web.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class OddCallbackFilterTest {

    private final List<String> calls = new ArrayList<>();
    private final OddCallbackFilter filter = new OddCallbackFilter(new ChannelCallbackController(
            new HandleChannelNotificationUseCase() {
                @Override
                public ChannelAnswer handle(RawNotification notification, String caller) {
                    calls.add("handle " + notification.channel() + " " + notification.header("user-agent"));
                    return new ChannelAnswer(200, "application/json", "{\"code\":\"SUCCESS\"}");
                }

                @Override
                public ChannelAnswer refuse(RawNotification notification, String caller, String reason) {
                    calls.add("refuse " + notification.channel() + " " + reason);
                    return new ChannelAnswer(400, "application/json", "{\"code\":\"INVALID\"}");
                }
            }, 1024, 4096, Duration.ofMinutes(1), Duration.ofSeconds(5)));

    @Test
    void aPlainCallbackGoesOnDownTheChain() throws Exception {
        MockFilterChain chain = new MockFilterChain();
        filter.doFilter(post("/callbacks/sandbox"), new MockHttpServletResponse(), chain);

        assertThat(chain.getRequest()).isNotNull();
        assertThat(calls).isEmpty();
    }

    @Test
    void aCallbackWithAUtf8HeaderIsHandledHereWithTheHeaderReadAsUtf8() throws Exception {
        MockHttpServletRequest request = post("/callbacks/sandbox");
        request.addHeader("User-Agent", new String("Zürich €".getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1));
        MockFilterChain chain = new MockFilterChain();
        MockHttpServletResponse response = new MockHttpServletResponse();

        filter.doFilter(request, response, chain);

        assertThat(chain.getRequest()).isNull();
        assertThat(calls).containsExactly("handle sandbox Zürich €");
        assertThat(response.getStatus()).isEqualTo(200);
    }

    @Test
    void oddPathsAreRefusedInTheWordsOfTheChannelTheyNameFirst() throws Exception {
        for (String path : List.of("/callbacks/sandbox;a=1", "/callbacks/sandbox%25", "/callbacks//sandbox",
                "/callbacks/sandbox/a/b", "/callbacks/sandbox/%2E%2E")) {
            MockFilterChain chain = new MockFilterChain();
            filter.doFilter(post(path), new MockHttpServletResponse(), chain);
            assertThat(chain.getRequest()).as(path).isNull();
        }
        assertThat(calls).hasSize(5).allMatch(c -> c.equals("refuse sandbox malformed callback path"));
    }

    @Test
    void otherPathsAndMethodsAreNotItsBusiness() throws Exception {
        MockHttpServletRequest get = post("/callbacks/sandbox;a=1");
        get.setMethod("GET");
        for (MockHttpServletRequest request : List.of(post("/api/v1/payments;x"), get)) {
            MockFilterChain chain = new MockFilterChain();
            filter.doFilter(request, new MockHttpServletResponse(), chain);
            assertThat(chain.getRequest()).isNotNull();
        }
        assertThat(calls).isEmpty();
    }

    private static MockHttpServletRequest post(String uri) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", uri);
        request.setContent("{}".getBytes(StandardCharsets.UTF_8));
        return request;
    }
}
