package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/** The quarantine page's three "Replay all" buttons over real HTTP: off while there is nothing to replay. */
class ConsoleReplayAllTest extends ConsoleTestBase {

    private static final Map<String, String> QUARANTINES = Map.of("outbox_events", "event_id",
            "consumer_deliveries", "id", "tasks", "id");

    @Test
    void eachReplayAllIsOffWhileItsListIsEmptyAndOnOnceSomethingIsQuarantined() throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        // The other console tests share the database and leave quarantined rows: set aside here, given back after.
        Map<String, List<String>> setAside = new java.util.HashMap<>();
        QUARANTINES.forEach((table, id) -> setAside.put(table, jdbc.queryForList(
                "SELECT " + id + " FROM " + table + " WHERE status = 'QUARANTINED'", String.class)));
        QUARANTINES.forEach((table, id) -> setAside.get(table).forEach(row -> jdbc.update(
                "UPDATE " + table + " SET status = 'DISCARDED' WHERE " + id + " = ?", row)));
        try {
            Browser operator = new Browser();
            operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

            String empty = operator.get("/admin/quarantine").body();
            quarantinedEvent(payment(tenant()), "{\"replay\":\"all\"}");
            quarantinedDelivery("{}");
            String some = operator.get("/admin/quarantine").body();

            for (String button : List.of("replay-all", "replay-all-deliveries", "replay-all-tasks")) {
                assertThat(empty).as(button).contains("<button type=\"button\" id=\"" + button + "\" disabled");
            }
            assertThat(some).contains("<a class=\"button\" id=\"replay-all\" href=\"/admin/quarantine/replay-all\"")
                    .contains("<a class=\"button\" id=\"replay-all-deliveries\"")
                    .contains("<button type=\"button\" id=\"replay-all-tasks\" disabled")
                    .contains("Nothing is quarantined here: there is nothing to replay.");
        } finally {
            QUARANTINES.forEach((table, id) -> setAside.get(table).forEach(row -> jdbc.update(
                    "UPDATE " + table + " SET status = 'QUARANTINED' WHERE " + id + " = ?", row)));
        }
    }
}
