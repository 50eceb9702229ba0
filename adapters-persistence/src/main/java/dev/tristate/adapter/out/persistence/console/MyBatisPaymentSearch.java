package dev.tristate.adapter.out.persistence.console;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.payment.PaymentMapper;
import dev.tristate.adapter.out.persistence.payment.PaymentRowConverter;
import dev.tristate.application.console.port.out.PaymentSearch;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.payment.Payment;
import java.util.List;

public class MyBatisPaymentSearch implements PaymentSearch {

    private final PaymentMapper mapper;

    public MyBatisPaymentSearch(PaymentMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public Page<Payment> search(PaymentCriteria c, PageRequest page) {
        String tenant = c.tenantId() == null ? null : c.tenantId().value();
        List<String> status = c.statuses().stream().map(Enum::name).toList();
        return translate(() -> new Page<>(mapper.search(tenant, c.paymentId(), c.merchantOrderId(),
                c.channelTxnId(), status, Rows.utc(c.createdFrom()), Rows.utc(c.createdTo()), c.oldestFirst(),
                page.size(), page.offset()).stream().map(PaymentRowConverter::toDomain).toList(), page,
                mapper.count(tenant, c.paymentId(), c.merchantOrderId(), c.channelTxnId(), status,
                        Rows.utc(c.createdFrom()), Rows.utc(c.createdTo()), c.oldestFirst())));
    }
}
