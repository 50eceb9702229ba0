package dev.tristate.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.plantuml.rules.PlantUmlArchCondition.Configuration.consideringOnlyDependenciesInAnyPackage;
import static com.tngtech.archunit.library.plantuml.rules.PlantUmlArchCondition.adhereToPlantUmlDiagram;

import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The component diagram in {@code docs/architecture.md} is the rule: its PlantUML block is extracted and checked with
 * ArchUnit's {@code adhereToPlantUmlDiagram}, so the picture a reader sees and the dependencies the code has cannot
 * drift apart. A dependency between two components that the diagram does not draw fails the build.
 */
final class ArchitectureDiagram {

    private static final Pattern PLANTUML_BLOCK = Pattern.compile("```plantuml\\n(@startuml.*?@enduml)\\n```",
            Pattern.DOTALL);

    private ArchitectureDiagram() {
    }

    /** The rule drawn in the docs. */
    static ArchRule rule() {
        return ruleFor(UnaryOperator.identity());
    }

    /** The rule drawn in the docs after {@code edit}: how a test proves that a missing arrow fails. */
    static ArchRule ruleFor(UnaryOperator<String> edit) {
        URL diagram = write(edit.apply(source()));
        return classes().that().resideInAPackage(ArchitectureRules.BASE + "..")
                .should(adhereToPlantUmlDiagram(diagram, consideringOnlyDependenciesInAnyPackage(
                        ArchitectureRules.BASE + "..")))
                .as("the code should follow the component diagram in docs/architecture.md");
    }

    static String source() {
        Path doc = locate(Path.of("docs", "architecture.md"));
        try {
            Matcher matcher = PLANTUML_BLOCK.matcher(Files.readString(doc, StandardCharsets.UTF_8));
            if (!matcher.find()) {
                throw new IllegalStateException(doc + " has no ```plantuml block");
            }
            return matcher.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The tests run in a module's folder; the docs are at the project root. */
    private static Path locate(Path relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(relative))) {
                return dir.resolve(relative);
            }
        }
        throw new IllegalStateException(relative + " not found above " + Path.of("").toAbsolutePath());
    }

    private static URL write(String plantUml) {
        try {
            Path file = Files.createTempFile("tristate-architecture", ".puml");
            file.toFile().deleteOnExit();
            Files.writeString(file, plantUml, StandardCharsets.UTF_8);
            return file.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
