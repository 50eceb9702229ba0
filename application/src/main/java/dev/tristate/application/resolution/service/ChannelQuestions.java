package dev.tristate.application.resolution.service;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * Asks a case's channel, with the tenant's account there, outside any transaction: a network call cannot be part of
 * one. A failure is no answer, never a "no".
 */
public final class ChannelQuestions {

    private final Map<String, ChannelGateway> gateways;
    private final ChannelCredentialStore credentials;
    private final Clock clock;

    public ChannelQuestions(List<ChannelGateway> gateways, ChannelCredentialStore credentials, Clock clock) {
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        gateways.forEach(g -> byChannel.put(g.channel(), g));
        this.gateways = Map.copyOf(byChannel);
        this.credentials = credentials;
        this.clock = clock;
    }

    /** The channels there is a gateway for: only their cases are worth leasing. */
    Set<String> channels() {
        return gateways.keySet();
    }

    <A> Asked<A> ask(ClaimedCase c, BiFunction<ChannelGateway, String, A> question) {
        ChannelGateway gateway = gateways.get(c.channel());
        Optional<String> account = credentials.accountOf(c.tenantId(), c.channel());
        if (gateway == null || account.isEmpty()) {
            return new Asked.NotAsked<>((gateway == null ? "no gateway for channel " : "no account at channel ")
                    + c.channel());
        }
        Instant askedAt = clock.instant().truncatedTo(ChronoUnit.MICROS);
        try {
            return new Asked.Answered<>(question.apply(gateway, account.get()), askedAt);
        } catch (ChannelFailure failure) {
            String kind = failure.outcomeClass().mustBeResolved() ? "NO_ANSWER" : "FAILED";
            return new Asked.NoAnswer<>(kind, "channel: " + failure.getMessage(), askedAt);
        }
    }
}
