package dev.tristate.adapter.in.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase.DeliveryCommand;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase.UserCommand;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.BulkReplayCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationAsOperatorUseCase
        .StartReconciliationAsOperatorCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.tenant.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeSecretCommand;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.context.MessageSource;

/**
 * Every refusal a console form can get through {@link ConsoleInput#read}, made by the real values and commands the
 * controllers read (each branch that refuses), reads in Chinese on zh-CN pages: each part of the message is a known
 * sentence, the English bundle writes it back word for word, and the Chinese text keeps no English word beyond the
 * technical names a person types (ULID, PEM, whsec_ ...). A new refusal on these paths fails here once a case drives
 * it, and a {@link KnownFormRefusals} pattern no case produces fails too.
 */
class ConsoleFormRefusalsTest {

    private static final Locale CHINESE = AdminConfiguration.CHINESE;
    /** The technical names a Chinese refusal may keep as they are: formats, prefixes, brand and field names. */
    private static final Pattern TECHNICAL = Pattern.compile("whsec_|[sr]k_(test|live)_|PUB_KEY_ID_|base64|mchid"
            + "|AppID|APIv3|http\\(s\\)|(?<![A-Za-z])(ASCII|ULID|UUID|RSA|PKCS|PEM|API|ID|PID|URL|Stripe|Webhook|wx)"
            + "(?![A-Za-z])");
    private static final Pattern WORD = Pattern.compile("[A-Za-z]{2,}");
    private static final Path CONTROLLERS = Path.of("src", "main", "java", "dev", "tristate", "adapter", "in", "admin");
    private static final Pattern READ = Pattern.compile("ConsoleInput\\.read\\(");
    private static final Pattern MADE = Pattern.compile("(?:new |\\b)([A-Z]\\w*(?:\\.[A-Z]\\w*)?)[.(]");
    private static final Pattern REFUSAL = Pattern.compile("(?s)new IllegalArgumentException\\((.*?)\\);");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    /** What the controllers read a form into: each refusing branch of these has a case in {@link #refusals()}. */
    private static final Set<String> READ_TYPES = Set.of("ActionKey", "BulkReplayCommand",
            "ConfigureTenantWebhookUseCase", "ConsoleModel", "CreateTenantCommand", "CreateUserCommand",
            "DecideReviewCaseCommand", "DeliveryCommand", "DiscardCommand", "EventId", "MerchantId", "Optional", "List",
            "PaymentCriteria", "PaymentId", "Reason", "RepairDiscrepancyAsOperatorCommand", "ReplayCommand",
            "RevokeApiKeyCommand", "RevokeSecretCommand", "RotateApiKeyCommand", "RotateWebhookSecretCommand",
            "SetChannelCredentialCommand", "SetWebhookCommand", "StartReconciliationAsOperatorCommand",
            "StatementSource.Upload", "TaskCommand", "TaskKey", "TenantId", "UserCommand");
    /** The sources of those types (and of the checks they run), whose refusals need a pattern. */
    private static final List<String> READ_SOURCES = Stream.concat(Stream.of("Identifiers", "tenant/TenantId",
            "tenant/MerchantId", "tenant/Tenant", "tenant/CredentialKind", "tenant/ApiKey", "payment/PaymentId",
            "task/TaskKey", "event/EventId", "console/ActionKey", "console/Reason", "console/PaymentCriteria",
            "console/Operator", "console/ConsoleUser").map(f -> "domain/src/main/java/dev/tristate/domain/" + f),
            Stream.of("tenant/port/in/ManageTenantsUseCase", "tenant/port/in/ConfigureTenantWebhookUseCase",
                    "console/port/in/ManageConsoleUsersUseCase", "outbox/port/in/ReplayQuarantinedMessageUseCase",
                    "outbox/port/in/DiscardQuarantinedMessageUseCase", "consumer/port/in/ReleaseQuarantinedWorkUseCase",
                    "reconciliation/port/in/StartReconciliationUseCase",
                    "reconciliation/port/in/StartReconciliationAsOperatorUseCase",
                    "reconciliation/port/in/RepairDiscrepancyAsOperatorUseCase",
                    "resolution/port/in/DecideReviewCaseUseCase")
                    .map(f -> "application/src/main/java/dev/tristate/application/" + f))
            .map(f -> "../" + f).collect(Collectors.collectingAndThen(Collectors.toList(), l -> Stream.concat(
                    l.stream(), Stream.of(CONTROLLERS.resolve("TenantsController").toString())).toList()));

    /** A refusal no form can cause: the key service draws the bytes. */
    private static final Set<String> NOT_FORM_INPUT = Set.of("an API key needs at least 32 random bytes");
    private static final Operator OPERATOR = new Operator("olga", ConsoleRole.OPERATOR);
    private static final ActionKey KEY = new ActionKey("key-12345678");
    private static final Reason REASON = new Reason("checked with the merchant");
    private static final TenantId TENANT = new TenantId("t-shop");

    private final MessageSource messages = new AdminConfiguration().messageSource();
    private final ConsoleTexts texts = new ConsoleTexts(messages, new ConsoleCodes(messages));

    private static Named<Runnable> refused(String name, Runnable reading) {
        return Named.of(name, reading);
    }

    static Stream<Named<Runnable>> refusals() {
        List<Named<Runnable>> all = new ArrayList<>(List.of(
                refused("tenant id blank", () -> new TenantId(" ")),
                refused("tenant id too long", () -> new TenantId("t".repeat(65))),
                refused("tenant id not ASCII", () -> new TenantId("租户")),
                refused("tenant id with a space", () -> new TenantId("t shop")),
                refused("tenant name blank", () -> Tenant.checkedName(" ")),
                refused("merchant id blank", () -> new MerchantId("")),
                refused("payment id with a slash", () -> new PaymentId("pay/1")),
                refused("payment id not a ULID", () -> PaymentId.ofUlid("0123")),
                refused("task key blank", () -> new TaskKey("")),
                refused("task key too long", () -> new TaskKey("k".repeat(256))),
                refused("task key with a control character", () -> new TaskKey("k\u0001")),
                refused("action key blank", () -> new ActionKey("")),
                refused("action key short", () -> new ActionKey("short")),
                refused("user name of a new user", () -> new ConsoleUser("olga smith", "-", ConsoleRole.SUPPORT, true,
                        Instant.EPOCH)),
                refused("user name blank", () -> new UserCommand(" ", OPERATOR, KEY)),
                refused("reason short", () -> new Reason("ok")),
                refused("reason long", () -> new Reason("r".repeat(Reason.MAX_LENGTH + 1))),
                refused("time range backwards", () -> new PaymentCriteria(null, null, null, null, List.of(),
                        Instant.EPOCH.plusSeconds(60), Instant.EPOCH, false)),
                refused("event id not a UUID", () -> EventId.of("12345")),
                refused("event id blank", () -> EventId.of("")),
                refused("API key", () -> new ApiKey("tsk_short")),
                refused("API key prefix", () -> new RevokeApiKeyCommand(TENANT, "tsk/1", OPERATOR, KEY)),
                refused("secret id", () -> new RevokeSecretCommand(TENANT, 0, OPERATOR, KEY)),
                refused("secret id typed", () -> TenantsController.secretIdOf("first")),
                refused("webhook endpoint", () -> ConfigureTenantWebhookUseCase.checkedEndpoint("ftp://shop.example")),
                refused("webhook endpoint unparsable",
                        () -> ConfigureTenantWebhookUseCase.checkedEndpoint("http://a b")),
                refused("bulk replay size", () -> new BulkReplayCommand(BulkReplayCommand.MAX + 1, REASON, OPERATOR,
                        KEY)),
                refused("delivery", () -> new DeliveryCommand("", " ", REASON, OPERATOR, KEY)),
                refused("run channel blank", () -> start(" ")),
                refused("run channel too long", () -> start("c".repeat(17))),
                refused("run channel with a slash", () -> start("sand/box")),
                refused("run channel of the use case", () -> new StartReconciliationCommand(TENANT, "", LocalDate.EPOCH,
                        new StatementSource.FetchFromChannel(), "olga")),
                refused("run operator", () -> new StartReconciliationCommand(TENANT, "sandbox", LocalDate.EPOCH,
                        new StatementSource.FetchFromChannel(), " ")),
                refused("platform certificate", () -> CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY
                        .checkedSecret("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----")),
                refused("platform key of a public key id", () -> CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY
                        .checkedSecret("PUB_KEY_ID_0114 AAAA"))));
        for (CredentialKind kind : CredentialKind.values()) {
            all.add(refused(kind + " blank", () -> kind.checkedSecret(" ")));
            all.add(refused(kind + " too long", () -> kind.checkedSecret("s".repeat(CredentialKind.MAX_SECRET_LENGTH
                    + 1))));
            all.add(refused(kind + " of the wrong form", () -> kind.checkedSecret("not the secret")));
            all.add(refused(kind + " account blank", () -> kind.checkedAccountId(" ")));
            all.add(refused(kind + " account too long", () -> kind.checkedAccountId("1".repeat(
                    CredentialKind.MAX_ACCOUNT_LENGTH + 1))));
            all.add(refused(kind + " account with a space", () -> kind.checkedAccountId("20 88")));
            all.add(refused(kind + " account of letters", () -> kind.checkedAccountId("app-one")));
        }
        return all.stream();
    }

    private static void start(String channel) {
        new StartReconciliationAsOperatorCommand(TENANT, channel, LocalDate.EPOCH,
                new StatementSource.FetchFromChannel(), OPERATOR, KEY);
    }

    /** The message of the refusal, or null where this value takes the input (a sandbox account of letters). */
    private static String messageOf(Runnable reading) {
        try {
            reading.run();
            return null;
        } catch (IllegalArgumentException refusal) {
            return refusal.getMessage();
        }
    }

    @ParameterizedTest
    @MethodSource("refusals")
    void eachRefusalReadsInChinese(Runnable reading) {
        String message = messageOf(reading);
        if (message == null) {
            return;
        }
        for (String part : message.split("; ")) {
            KnownText known = KnownText.ALL.stream().filter(k -> k.pattern().matcher(part).matches()).findFirst()
                    .orElseThrow(() -> new AssertionError("no pattern knows \"" + part + "\""));
            Matcher m = known.pattern().matcher(part);
            assertThat(m.matches()).isTrue();
            Object[] raw = new Object[m.groupCount()];
            for (int i = 0; i < raw.length; i++) {
                raw[i] = m.group(i + 1);
            }
            assertThat(messages.getMessage("text." + known.key(), raw, Locale.ENGLISH)).as(known.key())
                    .isEqualTo(part);
        }
        String chinese = texts.text(message, CHINESE);
        assertThat(chinese).isNotEqualTo(message);
        assertThat(englishWords(chinese)).as(chinese).isEmpty();
    }

    @Test
    void everyFormRefusalPatternIsProducedByARefusal() {
        Set<String> produced = new TreeSet<>();
        refusals().map(r -> messageOf(r.getPayload())).filter(m -> m != null).flatMap(m -> Stream.of(m.split("; ")))
                .forEach(part -> {
                    ConsoleTexts.keyOf(part).ifPresent(produced::add);
                    // The field inside a sentence is a sentence of its own.
                    KnownFormRefusals.ALL.stream().filter(k -> KnownText.NESTED.equals(k.argument(0)))
                            .map(k -> k.pattern().matcher(part)).filter(Matcher::matches).findFirst()
                            .flatMap(m -> ConsoleTexts.keyOf(m.group(1))).ifPresent(produced::add);
                });
        assertThat(produced).containsAll(KnownFormRefusals.ALL.stream().map(KnownText::key).toList());
    }

    /** A new value or command read from a form needs its refusals among the cases above, and its source here. */
    @Test
    void theControllersReadOnlyTheValuesDrivenHere() throws IOException {
        Set<String> read = new TreeSet<>();
        try (Stream<Path> files = Files.list(CONTROLLERS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                Matcher reading = READ.matcher(source);
                while (reading.find()) {
                    Matcher made = MADE.matcher(argumentAt(source, reading.end()));
                    while (made.find()) {
                        read.add(made.group(1));
                    }
                }
            }
        }
        assertThat(read).isNotEmpty();
        assertThat(READ_TYPES).as("add the refusals of a new value or command to refusals() and its source to"
                + " READ_SOURCES").containsAll(read);
    }

    /** Each literal of a refusal in those sources is the words of a pattern, whether a case drives it yet or not. */
    @Test
    void everyRefusalWrittenInTheReadSourcesHasAPattern() throws IOException {
        List<String> unknown = new ArrayList<>();
        for (String source : READ_SOURCES) {
            Matcher refusal = REFUSAL.matcher(Files.readString(Path.of(source + ".java")));
            while (refusal.find()) {
                Matcher literal = LITERAL.matcher(refusal.group(1));
                while (literal.find()) {
                    String words = literal.group(1);
                    if (!NOT_FORM_INPUT.contains(words) && !ProducedSentencesTest.known(words)) {
                        unknown.add(source + ": \"" + words + "\"");
                    }
                }
            }
        }
        assertThat(unknown).isEmpty();
    }

    @Test
    void theCheckFindsAnEnglishWordLeft() {
        assertThat(englishWords("必须填写tenant id")).containsExactly("tenant", "id");
        assertThat(englishWords("Stripe 私钥须为 sk_test_ 加至少 16 个字母")).isEmpty();
        assertThat(texts.text("tenant id is required", CHINESE)).isEqualTo("必须填写 租户 ID");
        assertThat(texts.text("the tenant id is required", CHINESE)).isEqualTo("the tenant id is required");
    }

    /** The text up to the parenthesis that closes the one just before {@code from}. */
    private static String argumentAt(String source, int from) {
        int depth = 1;
        int at = from;
        while (depth > 0) {
            char c = source.charAt(at++);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        }
        return source.substring(from, at - 1);
    }

    private static List<String> englishWords(String text) {
        Matcher words = WORD.matcher(TECHNICAL.matcher(text).replaceAll(" "));
        List<String> found = new ArrayList<>();
        while (words.find()) {
            found.add(words.group());
        }
        return found;
    }
}
