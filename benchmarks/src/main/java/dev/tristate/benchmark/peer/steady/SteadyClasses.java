package dev.tristate.benchmark.peer.steady;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes Tristate's steady writer's classes into a directory for the application's class loader (Spring Boot's
 * PropertiesLauncher, {@code loader.path}). Only their bytes are copied: loading {@link TristateSteadyWriter} here
 * would need Spring and the application, which the benchmark's class path does not have.
 */
public final class SteadyClasses {

    private static final List<String> CLASSES = List.of("TristateSteadyWriter", "SteadyWriting",
            "SteadyWriting$Write", "SteadyWriting$Plan", "SteadyWriting$Result");

    private SteadyClasses() {
    }

    /** The class directory, {@code dir} itself, holding the writer's classes under their package. */
    public static Path writeTo(Path dir) throws IOException {
        String source = TristateSteadyWriter.SOURCE;
        Path packageDir = dir.resolve(source.substring(0, source.lastIndexOf('.')).replace('.', '/'));
        Files.createDirectories(packageDir);
        for (String name : CLASSES) {
            try (InputStream bytes = SteadyClasses.class.getResourceAsStream(name + ".class")) {
                if (bytes == null) {
                    throw new IllegalStateException("the benchmark jar has no " + name + ".class");
                }
                Files.copy(bytes, packageDir.resolve(name + ".class"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }
}
