package dev.tristate.application.resolution.service;

import dev.tristate.application.resolution.port.in.ReviewCasesQuery;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import java.util.Optional;

class ReviewCasesQueryService implements ReviewCasesQuery {

    private final ReviewCases cases;

    ReviewCasesQueryService(ReviewCases cases) {
        this.cases = cases;
    }

    @Override
    public Page<ReviewCase> reviewCases(boolean openOnly, PageRequest page) {
        return cases.search(openOnly, page);
    }

    @Override
    public Optional<ReviewCase> reviewCase(long caseId) {
        return cases.find(caseId);
    }
}
