package dev.tristate.benchmark.faults;

/** Where the application's AMQP connection goes: a broker node and the scenario's own vhost on it. */
public record FaultBroker(String host, int port, String user, String password, String vhost) {

    /** The same node and credentials, another vhost. */
    public FaultBroker withVhost(String other) {
        return new FaultBroker(host, port, user, password, other);
    }
}
