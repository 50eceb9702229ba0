package dev.tristate.bootstrap;

import dev.tristate.adapter.out.messaging.embedded.EmbeddedAmqpBroker;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

/**
 * The embedded default's broker: Qpid Broker-J in this process, reached through the same spring-rabbit connection
 * factory (publisher confirms and returns on) that talks to RabbitMQ in production.
 */
@Configuration(proxyBeanMethods = false)
@Profile("embedded")
class EmbeddedBrokerConfiguration {

    @Bean(destroyMethod = "close")
    EmbeddedAmqpBroker embeddedAmqpBroker(@Value("${tristate.embedded-broker.port:0}") int port) {
        return EmbeddedAmqpBroker.start("127.0.0.1", port, "tristate", "tristate");
    }

    @Bean
    CachingConnectionFactory rabbitConnectionFactory(EmbeddedAmqpBroker broker) {
        CachingConnectionFactory factory = new CachingConnectionFactory(broker.host(), broker.port());
        factory.setUsername("tristate");
        factory.setPassword("tristate");
        factory.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
        factory.setPublisherReturns(true);
        return factory;
    }
}
