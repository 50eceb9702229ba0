package dev.tristate.adapter.in.web.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.adapter.in.web.problem.ApiProblemException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

    private static String canonical(String json) {
        return CanonicalJson.canonical(CanonicalJson.parseObject(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void keysAreSortedAndInsignificantWhiteSpaceIsDropped() {
        assertThat(canonical("{\"a\":1, \"b\":2}")).isEqualTo("{\"a\":1,\"b\":2}");
        assertThat(canonical("{\"b\":2,\"a\":1}")).isEqualTo("{\"a\":1,\"b\":2}");
        assertThat(canonical("\n{ \"b\" :\t2 ,\r\n \"a\" : 1 }\n")).isEqualTo("{\"a\":1,\"b\":2}");
    }

    @Test
    void nestedObjectsAreSortedTooAndArraysKeepTheirOrder() {
        assertThat(canonical("{\"z\":{\"y\":[3,{\"q\":1,\"p\":2},1],\"x\":null},\"a\":\"s p a c e\"}"))
                .isEqualTo("{\"a\":\"s p a c e\",\"z\":{\"x\":null,\"y\":[3,{\"p\":2,\"q\":1},1]}}");
    }

    @Test
    void valuesAreKeptExactly() {
        assertThat(canonical("{\"s\":\"支付 \\\"q\\\"\",\"n\":-0.50,\"big\":12345678901234567890123}"))
                .isEqualTo("{\"big\":12345678901234567890123,\"n\":-0.50,\"s\":\"支付 \\\"q\\\"\"}");
        assertThat(canonical("{\"a\":1}")).isNotEqualTo(canonical("{\"a\":\"1\"}"));
    }

    @Test
    void aRepeatedKeyOrTrailingTextIsMalformedNotSilentlyResolved() {
        assertThatThrownBy(() -> canonical("{\"a\":1,\"a\":2}")).isInstanceOf(ApiProblemException.class);
        assertThatThrownBy(() -> canonical("{\"a\":1}{\"a\":2}")).isInstanceOf(ApiProblemException.class);
    }
}
