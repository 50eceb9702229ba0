package dev.tristate.benchmark.baseline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes the one-by-one baseline's classes into a directory for the application's class loader. Only their bytes
 * are copied: loading them here would need Spring, which the benchmark's class path does not have.
 */
public final class BaselineClasses {

    /** The value of {@code --spring.main.sources} that adds the baseline to the application. */
    public static final String SOURCE = "dev.tristate.benchmark.baseline.OneByOneConfirms";

    private static final List<String> CLASSES = List.of("OneByOneConfirms", "OneByOnePublisher");

    private BaselineClasses() {
    }

    /** The class directory, {@code dir} itself, holding the baseline's classes under their package. */
    public static Path writeTo(Path dir) throws IOException {
        Path packageDir = dir.resolve(SOURCE.substring(0, SOURCE.lastIndexOf('.')).replace('.', '/'));
        Files.createDirectories(packageDir);
        for (String name : CLASSES) {
            try (InputStream bytes = BaselineClasses.class.getResourceAsStream(name + ".class")) {
                if (bytes == null) {
                    throw new IllegalStateException("the benchmark jar has no " + name + ".class");
                }
                Files.copy(bytes, packageDir.resolve(name + ".class"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }
}
