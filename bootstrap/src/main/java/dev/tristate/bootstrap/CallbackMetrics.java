package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.http.Outcome;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * {@code tristate.callbacks}: every channel callback timed from its arrival to its answer, tagged with the channel
 * and what it was answered ({@code status}, and {@code outcome}: {@code SUCCESS}, {@code CLIENT_ERROR},
 * {@code SERVER_ERROR} ...), with a latency histogram. Spring MVC's {@code http.server.requests} has the path
 * pattern, not the channel. The channel tag takes only the names of the configured channels (anything else is
 * {@code other}), so that a caller inventing paths cannot grow the number of series.
 */
@Configuration(proxyBeanMethods = false)
class CallbackMetrics {

    static final String PREFIX = "/callbacks/";

    @Bean
    FilterRegistrationBean<CallbackTimer> callbackTimer(MeterRegistry meters, List<ChannelNotificationFormat> formats) {
        Set<String> channels = formats.stream().map(ChannelNotificationFormat::channel).collect(Collectors.toSet());
        FilterRegistrationBean<CallbackTimer> registration =
                new FilterRegistrationBean<>(new CallbackTimer(meters, channels));
        registration.addUrlPatterns(PREFIX + "*");
        // Outermost: the time includes whatever refuses a callback before it reaches the handler.
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    static final class CallbackTimer extends OncePerRequestFilter {

        private final MeterRegistry meters;
        private final Set<String> channels;
        /**
         * The timers by channel and status, built once: on every callback a builder and a registry lookup would cost
         * the hot path more than the recording. Bounded, since channels are the configured ones (or {@code other})
         * and statuses are HTTP's.
         */
        private final Map<String, Timer> timers = new ConcurrentHashMap<>();

        CallbackTimer(MeterRegistry meters, Set<String> channels) {
            this.meters = meters;
            this.channels = Set.copyOf(channels);
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            Timer.Sample sample = Timer.start(meters);
            int status = HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
            try {
                chain.doFilter(request, response);
                status = response.getStatus();
            } finally {
                sample.stop(timer(channel(request.getRequestURI()), status));
            }
        }

        private Timer timer(String channel, int status) {
            return timers.computeIfAbsent(channel + ' ' + status, key -> Timer.builder("tristate.callbacks")
                    .description("Channel callbacks, from arrival to answer, by channel and answer")
                    .tag("channel", channel)
                    .tag("status", Integer.toString(status))
                    .tag("outcome", Outcome.forStatus(status).name())
                    .publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofMillis(1))
                    .maximumExpectedValue(Duration.ofSeconds(30))
                    .register(meters));
        }

        private String channel(String uri) {
            String rest = uri.startsWith(PREFIX) ? uri.substring(PREFIX.length()) : "";
            int slash = rest.indexOf('/');
            String name = slash < 0 ? rest : rest.substring(0, slash);
            return channels.contains(name) ? name : "other";
        }
    }
}
