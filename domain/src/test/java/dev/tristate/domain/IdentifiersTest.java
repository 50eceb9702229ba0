package dev.tristate.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.Version;
import dev.tristate.domain.tenant.TenantId;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class IdentifiersTest {

    /**
     * Every string identifier of the domain, built from a string and read back as its value; all of them allow at most
     * 64 characters.
     */
    static Stream<Arguments> identifiers() {
        return Stream.of(
                Arguments.of("PaymentId", (Function<String, String>) v -> new PaymentId(v).value()),
                Arguments.of("TenantId", (Function<String, String>) v -> new TenantId(v).value()),
                Arguments.of("RefundId", (Function<String, String>) v -> new RefundId(v).value()),
                Arguments.of("ChannelTxnId", (Function<String, String>) v -> new ChannelTxnId(v).value()),
                Arguments.of("MerchantOrderId", (Function<String, String>) v -> new MerchantOrderId(v).value()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("identifiers")
    void aBlankIdentifierIsRefused(String name, Function<String, String> create) {
        assertThatThrownBy(() -> create.apply(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> create.apply("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> create.apply("   ")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("identifiers")
    void anIdentifierOf64CharactersIsTheLongestAllowed(String name, Function<String, String> create) {
        assertThat(create.apply("a".repeat(64))).isEqualTo("a".repeat(64));
        assertThatThrownBy(() -> create.apply("a".repeat(65)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than 64");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("identifiers")
    void aNonAsciiIdentifierIsRefused(String name, Function<String, String> create) {
        assertThatThrownBy(() -> create.apply("订单-1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> create.apply("caf\u00e9")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> create.apply("tab\there")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pay 1", "pay/1", "pay#1", "pay?1"})
    void ourOwnIdsAreTokensWithoutSpacesOrPunctuation(String value) {
        assertThatThrownBy(() -> new PaymentId(value)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TenantId(value)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RefundId(value)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTokenMayHoldLettersDigitsAndUnderscoreDashDotColon() {
        assertThat(new PaymentId("pay_AZ-09.x:y").value()).isEqualTo("pay_AZ-09.x:y");
    }

    @ParameterizedTest
    @ValueSource(strings = {"order #1/2", "2025 06 01?x=1"})
    void theChannelsAndTheMerchantsIdsMayHoldAnyPrintableAscii(String value) {
        assertThat(new ChannelTxnId(value).value()).isEqualTo(value);
        assertThat(new MerchantOrderId(value).value()).isEqualTo(value);
    }

    @Test
    void theErrorNamesTheIdentifier() {
        assertThatThrownBy(() -> Identifiers.printable("widget id", "", 10)).hasMessageContaining("widget id");
        assertThatThrownBy(() -> Identifiers.token("widget id", "a b", 10)).hasMessageContaining("widget id");
    }

    @Test
    void anIdentifierPrintsAsItsValue() {
        assertThat(new PaymentId("pay_1")).hasToString("pay_1");
        assertThat(new TenantId("tenant-a")).hasToString("tenant-a");
    }

    @ParameterizedTest
    @NullAndEmptySource
    void anEmptyValueIsNamedAsRequired(String value) {
        assertThatThrownBy(() -> new TenantId(value)).hasMessageContaining("required");
    }

    @Test
    void aVersionIsNeverNegativeAndMovesUpByOne() {
        assertThatThrownBy(() -> new Version(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Version.INITIAL.next()).isEqualTo(new Version(1));
        assertThat(new Version(41).next()).isEqualTo(new Version(42));
    }

    /** Every UTF-16 code unit, alone and inside an identifier: the loops accept exactly what the classes describe. */
    @Test
    void theCharacterChecksAcceptExactlyTheirCharacterClasses() {
        java.util.regex.Pattern printable = java.util.regex.Pattern.compile("[\\x20-\\x7E]+");
        java.util.regex.Pattern token = java.util.regex.Pattern.compile("[A-Za-z0-9_\\-.:]+");
        for (int c = 0; c <= 0xFFFF; c++) {
            String value = "a" + (char) c + "b";
            boolean printableExpected = printable.matcher(value).matches();
            boolean tokenExpected = token.matcher(value).matches();
            assertThat(accepts(() -> Identifiers.printable("id", value, 64))).as("printable U+%04X", c)
                    .isEqualTo(printableExpected);
            assertThat(accepts(() -> Identifiers.token("id", value, 64))).as("token U+%04X", c)
                    .isEqualTo(tokenExpected);
        }
    }

    private static boolean accepts(Runnable check) {
        try {
            check.run();
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
