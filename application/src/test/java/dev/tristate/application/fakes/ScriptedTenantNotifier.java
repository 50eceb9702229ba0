package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.domain.task.TaskKey;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/** Answers with the scripted outcomes in order (then "delivered"), and remembers every call. */
public class ScriptedTenantNotifier implements TenantNotifier {

    public record Call(URI endpoint, TaskKey idempotencyKey, GrantNotice notice, List<String> signingSecrets) {
    }

    private final List<NotifyOutcome> script = new ArrayList<>();
    private final List<Call> calls = new ArrayList<>();

    public synchronized ScriptedTenantNotifier thenAnswer(NotifyOutcome... outcomes) {
        script.addAll(List.of(outcomes));
        return this;
    }

    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    @Override
    public synchronized NotifyOutcome notify(URI endpoint, TaskKey idempotencyKey, GrantNotice notice,
                                             List<String> signingSecrets) {
        calls.add(new Call(endpoint, idempotencyKey, notice, List.copyOf(signingSecrets)));
        return script.isEmpty() ? new Delivered(200) : script.remove(0);
    }
}
