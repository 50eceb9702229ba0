package dev.tristate.adapter.out.persistence;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The persistence adapter alone: DataSource, Liquibase and MyBatis auto-configuration plus the adapter's beans. */
@SpringBootApplication(excludeName = {
        "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration"})
@Import(PersistenceConfiguration.class)
public class PersistenceTestApplication {
}
