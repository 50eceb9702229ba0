package dev.tristate.adapter.out.messaging.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The embedded broker's private temporary directory: created on start, deleted with everything in it on close. */
final class BrokerWorkDir {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedAmqpBroker.class);

    private BrokerWorkDir() {
    }

    static Path create() {
        try {
            return Files.createTempDirectory("tristate-qpid-");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a working directory for the embedded AMQP broker", e);
        }
    }

    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warn("Could not delete the embedded AMQP broker's working directory {}", dir, e);
        }
    }
}
