package dev.tristate.sandbox;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;

/** The contract's statement: {@code GET /sandbox-channel/statements/{yyyy-MM-dd}}, one channel day in UTC. */
@RestController
class StatementController {

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    private final SandboxTrades trades;

    StatementController(SandboxTrades trades) {
        this.trades = trades;
    }

    /** The rows of the merchant who signed the request, and only those. */
    @GetMapping("/sandbox-channel/statements/{day}")
    ResponseEntity<byte[]> statement(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchantId,
                                     @PathVariable String day) {
        LocalDate date;
        try {
            date = LocalDate.parse(day, DAY);
        } catch (DateTimeParseException malformed) {
            throw SandboxApiException.invalid("the day must be a date as yyyy-MM-dd");
        }
        return ResponseEntity.ok()
                .header(HttpHeaders.CONTENT_TYPE, "text/csv; charset=UTF-8")
                .header(HttpHeaders.CONTENT_DISPOSITION, "inline; filename=\"sandbox-statement-" + date + ".csv\"")
                .body(StatementCsv.render(trades.statement(date, merchantId)).getBytes(StandardCharsets.UTF_8));
    }
}
