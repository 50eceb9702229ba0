package dev.tristate.application.resolution.port.in;

import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import java.util.Optional;

/** Notifications held for review. */
public interface ReviewCasesQuery {

    Page<ReviewCase> reviewCases(boolean openOnly, PageRequest page);

    Optional<ReviewCase> reviewCase(long caseId);
}
