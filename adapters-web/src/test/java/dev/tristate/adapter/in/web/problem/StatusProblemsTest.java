package dev.tristate.adapter.in.web.problem;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatusProblemsTest {

    @ParameterizedTest
    @ValueSource(strings = {"/api", "/api/v1/payments", "//api/v1", "/api;x=1", "/api%2e", "/api?x", "/api\\x"})
    void merchantApiPathsAreRecognisedAsSent(String uri) {
        assertThat(StatusProblems.isApiPath(uri)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/admin", "/apix", "/callbacks/sandbox", "api/v1", "", "/ap"})
    void otherPathsAreNot(String uri) {
        assertThat(StatusProblems.isApiPath(uri)).isFalse();
    }

    @Test
    void aContainerRefusalOfAnUnparseableRequestIsA400NeverA5xx() {
        assertThat(StatusProblems.forStatus(505).status()).isEqualTo(400);
        assertThat(StatusProblems.forStatus(501).status()).isEqualTo(400);
        assertThat(StatusProblems.forStatus(400).code()).isEqualTo("MALFORMED_REQUEST");
        assertThat(StatusProblems.forStatus(408).code()).isEqualTo("REQUEST_TIMEOUT");
        assertThat(StatusProblems.forStatus(413).code()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(StatusProblems.forStatus(500).code()).isEqualTo("INTERNAL_ERROR");
    }
}
