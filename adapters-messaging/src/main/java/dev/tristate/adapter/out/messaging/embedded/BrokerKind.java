package dev.tristate.adapter.out.messaging.embedded;

/** Which AMQP 0-9-1 broker the messaging adapter talks to; the topology differs between them. */
public enum BrokerKind {
    /** A real RabbitMQ (single node or cluster): durable quorum queues. */
    RABBITMQ,
    /** The in-process Apache Qpid Broker-J of the embedded run mode: plain durable queues. */
    EMBEDDED_QPID
}
