package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Every text of the console exists in English and in Chinese: a key in one file only is a page half translated. */
class ConsoleMessagesTest {

    private static Properties load(String name) throws IOException {
        Properties messages = new Properties();
        try (InputStream in = ConsoleMessagesTest.class.getResourceAsStream("/admin/" + name)) {
            assertThat(in).as(name).isNotNull();
            messages.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return messages;
    }

    @Test
    void englishAndChineseHaveTheSameKeysAndNoEmptyText() throws IOException {
        Properties english = load("messages.properties");
        Properties chinese = load("messages_zh_CN.properties");

        assertThat(chinese.stringPropertyNames()).containsExactlyInAnyOrderElementsOf(english.stringPropertyNames());
        english.forEach((key, text) -> assertThat(text.toString()).as("en " + key).isNotBlank());
        chinese.forEach((key, text) -> assertThat(text.toString()).as("zh-CN " + key).isNotBlank());
    }
}
