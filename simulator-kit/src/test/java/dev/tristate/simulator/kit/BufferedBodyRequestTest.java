package dev.tristate.simulator.kit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class BufferedBodyRequestTest {

    @Test
    void theControllerReadsTheVeryBytesTheFilterRead() throws Exception {
        byte[] sent = "amount=100&subject=caf\u00e9".getBytes(StandardCharsets.UTF_8);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/pay");
        request.setContent(sent);

        BufferedBodyRequest read = BufferedBodyRequest.read(request, sent.length).orElseThrow();

        assertThat(read.body()).isEqualTo(sent);
        assertThat(read.getInputStream().readAllBytes()).isEqualTo(sent);
        assertThat(read.getInputStream().readAllBytes()).as("every read starts over").isEqualTo(sent);
        assertThat(read.getContentLengthLong()).isEqualTo(sent.length);
    }

    @Test
    void theReaderDecodesWithTheRequestsCharsetOrElseUtf8() throws Exception {
        MockHttpServletRequest latin = new MockHttpServletRequest("POST", "/pay");
        latin.setContent("caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));
        latin.setCharacterEncoding("ISO-8859-1");
        MockHttpServletRequest unsaid = new MockHttpServletRequest("POST", "/pay");
        unsaid.setContent("caf\u00e9".getBytes(StandardCharsets.UTF_8));

        assertThat(BufferedBodyRequest.read(latin, 100).orElseThrow().getReader().readLine()).isEqualTo("caf\u00e9");
        assertThat(BufferedBodyRequest.read(unsaid, 100).orElseThrow().getReader().readLine()).isEqualTo("caf\u00e9");
    }

    @Test
    void aBodyOneByteOverTheLimitIsRefused() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/pay");
        request.setContent(new byte[11]);

        Optional<BufferedBodyRequest> read = BufferedBodyRequest.read(request, 10);

        assertThat(read).isEmpty();
    }

    @Test
    void anEmptyBodyIsReadAsNoBytes() throws Exception {
        BufferedBodyRequest read = BufferedBodyRequest.read(new MockHttpServletRequest("GET", "/"), 10).orElseThrow();

        assertThat(read.body()).isEmpty();
        assertThat(read.getInputStream().isFinished()).isTrue();
    }
}
