package dev.tristate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ChannelWordsTest {

    private static final Instant AT = Instant.parse("2026-11-30T08:00:00Z");

    @Test
    void aShortAnswerIsKeptWholeAndNotCut() {
        ChannelWords words = ChannelWords.of("{\"code\":\"10000\",\"msg\":\"Success\"}", AT);

        assertThat(words.text()).isEqualTo("{\"code\":\"10000\",\"msg\":\"Success\"}");
        assertThat(words.length()).isEqualTo(words.text().length());
        assertThat(words.cut()).isFalse();
        assertThat(words.receivedAt()).isEqualTo(AT);
    }

    @Test
    void anAnswerOfExactlyTheLimitIsNotCut() {
        assertThat(ChannelWords.of("x".repeat(ChannelWords.MAX_TEXT), AT).cut()).isFalse();
    }

    @Test
    void aLongAnswerIsCutToTheLimitAndKnowsItsWholeLength() {
        ChannelWords words = ChannelWords.of("a".repeat(5_123), AT);

        assertThat(words.text()).hasSize(ChannelWords.MAX_TEXT);
        assertThat(words.length()).isEqualTo(5_123);
        assertThat(words.cut()).isTrue();
    }

    @Test
    void theCutNeverSplitsASurrogatePair() {
        String raw = "a".repeat(ChannelWords.MAX_TEXT - 1) + "😀" + "tail";

        ChannelWords words = ChannelWords.of(raw, AT);

        assertThat(words.text()).isEqualTo("a".repeat(ChannelWords.MAX_TEXT - 1));
        assertThat(words.length()).isEqualTo(raw.length());
    }

    @Test
    void aTextLongerThanTheLimitOrThanTheWholeIsRefused() {
        assertThatThrownBy(() -> new ChannelWords("x".repeat(ChannelWords.MAX_TEXT + 1), 3_000, AT))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChannelWords("abc", 2, AT)).isInstanceOf(IllegalArgumentException.class);
    }
}
