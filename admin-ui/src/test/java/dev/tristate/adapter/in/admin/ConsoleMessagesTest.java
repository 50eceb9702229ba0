package dev.tristate.adapter.in.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.text.MessageFormat;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.context.MessageSource;

/**
 * Every text of the console exists in English and in Chinese (a key in one file only is a page half translated), and
 * every text comes out of the console's own message source (which formats each one with MessageFormat) as written:
 * no placeholder left unfilled, no apostrophe eaten. An apostrophe is written {@code ''} in the bundles: a single one
 * starts MessageFormat's quoting and swallows the rest of the text, placeholders included.
 */
class ConsoleMessagesTest {

    private static final Pattern ARGUMENT = Pattern.compile("\\{(\\d+)");
    private static final Pattern LEFT_OVER = Pattern.compile("\\{\\d+[^}]*}");

    private final MessageSource messages = new AdminConfiguration().messageSource();

    private static Properties load(String name) throws IOException {
        Properties bundle = new Properties();
        try (InputStream in = ConsoleMessagesTest.class.getResourceAsStream("/admin/" + name)) {
            assertThat(in).as(name).isNotNull();
            bundle.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return bundle;
    }

    private static Properties english() throws IOException {
        return load("messages.properties");
    }

    private static Properties chinese() throws IOException {
        return load("messages_zh_CN.properties");
    }

    private static Set<String> missingFrom(Properties bundle, Properties other) {
        Set<String> missing = new TreeSet<>(other.stringPropertyNames());
        missing.removeAll(bundle.stringPropertyNames());
        return missing;
    }

    @Test
    void everyEnglishKeyHasAChineseText() throws IOException {
        assertThat(missingFrom(chinese(), english())).as("keys in messages.properties only").isEmpty();
    }

    @Test
    void everyChineseKeyHasAnEnglishText() throws IOException {
        assertThat(missingFrom(english(), chinese())).as("keys in messages_zh_CN.properties only").isEmpty();
    }

    @Test
    void noTextIsEmpty() throws IOException {
        english().forEach((key, text) -> assertThat(text.toString()).as("en " + key).isNotBlank());
        chinese().forEach((key, text) -> assertThat(text.toString()).as("zh-CN " + key).isNotBlank());
    }

    @Test
    void everyTextFormatsWithItsArgumentsFilledAndItsApostrophesKept() throws IOException {
        List<String> faults = new ArrayList<>();
        faults.addAll(formatEach("en", english(), (key, args) -> messages.getMessage(key, args, Locale.ENGLISH)));
        faults.addAll(formatEach("zh-CN", chinese(), (key, args) -> messages.getMessage(key, args,
                AdminConfiguration.CHINESE)));

        assertThat(faults).isEmpty();
    }

    @Test
    void theCheckCatchesALoneApostropheBeforeAPlaceholder() {
        Properties broken = new Properties();
        broken.setProperty("quarantine.taskExplain", "the tenant's own service (the newest {0})");

        List<String> faults = formatEach("en", broken, (key, args) -> new MessageFormat(broken.getProperty(key),
                Locale.ENGLISH).format(args));

        assertThat(faults).isNotEmpty().allSatisfy(fault -> assertThat(fault).contains("quarantine.taskExplain"));
        assertThat(faults).anySatisfy(fault -> assertThat(fault).contains("placeholder left unfilled"))
                .anySatisfy(fault -> assertThat(fault).contains("apostrophe lost"));
    }

    /** Each text of the bundle formatted with a dummy argument per placeholder, and what came out wrong. */
    private static List<String> formatEach(String language, Properties bundle,
                                           BiFunction<String, Object[], String> format) {
        List<String> faults = new ArrayList<>();
        for (String key : new TreeSet<>(bundle.stringPropertyNames())) {
            String raw = bundle.getProperty(key);
            Object[] args = dummyArguments(raw);
            String shown = format.apply(key, args);
            String where = language + " " + key + ": " + shown;
            if (LEFT_OVER.matcher(shown).find()) {
                faults.add(where + " (a placeholder left unfilled)");
            }
            for (Object arg : args) {
                if (!shown.contains(arg.toString())) {
                    faults.add(where + " (" + arg + " not shown)");
                }
            }
            if (apostrophes(shown) != apostrophes(raw.replace("''", "'"))) {
                faults.add(where + " (an apostrophe lost: write it '')");
            }
        }
        return faults;
    }

    private static Object[] dummyArguments(String raw) {
        int count = 0;
        Matcher m = ARGUMENT.matcher(raw);
        while (m.find()) {
            count = Math.max(count, Integer.parseInt(m.group(1)) + 1);
        }
        Object[] args = new Object[count];
        for (int i = 0; i < count; i++) {
            args[i] = "ARG" + i + "X";
        }
        return args;
    }

    private static long apostrophes(String text) {
        return text.chars().filter(c -> c == '\'').count();
    }
}
