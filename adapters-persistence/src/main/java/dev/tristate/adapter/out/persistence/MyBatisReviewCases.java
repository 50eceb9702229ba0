package dev.tristate.adapter.out.persistence;

import static dev.tristate.adapter.out.persistence.SqlErrors.translate;

import dev.tristate.application.port.out.ReviewCases;

public class MyBatisReviewCases implements ReviewCases {

    private final ReviewCaseMapper mapper;

    MyBatisReviewCases(ReviewCaseMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void open(NewCase c) {
        String detail = c.detail() == null || c.detail().length() <= 512 ? c.detail() : c.detail().substring(0, 512);
        translate(() -> mapper.insert(c.tenantId().value(), c.paymentId(), c.notificationId(), c.reason().name(),
                detail, Rows.utc(c.createdAt())));
    }
}
