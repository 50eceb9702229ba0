package dev.tristate.application.reconciliation.service;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.service.ChannelReportApplier;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.service.EntitlementGrants;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.in.ApplyDiscrepancyRepairUseCase;
import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RepairNotAvailable;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewHold;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewRun;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RepairSettlement;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RunTotals;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredHold;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredRun;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.Repair;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Statement reconciliation. A run: read the statement (fetched or uploaded; refused as a whole when unreadable, before
 * anything is stored), compare it with our payments ({@link StatementComparison}), record each discrepancy under its
 * key (day, tenant, channel, class, subject) or put it in the holding pool when it may only be timing, decide the
 * earlier days' held items, then apply each open repair once. Repairs go through the same paths as everything else:
 * a statement line is applied by {@link ChannelReportApplier} (recorded as a notification, source RECONCILIATION),
 * a hold opens a review case, a status question opens the resolver's case, a missing grant is granted through the
 * entitlements consumer's own code ({@link EntitlementGrants}) under its business key.
 */
public class ReconciliationService implements StartReconciliationUseCase, ReconciliationQuery,
        ApplyDiscrepancyRepairUseCase {

    static final String SOURCE_RECONCILIATION = "RECONCILIATION";
    static final String AUTOMATIC_OPERATOR = "reconciliation";
    static final String RESOLVER_REASON = "RECONCILIATION_STATUS_MISMATCH";

    private final Map<String, ChannelGateway> gateways;
    private final ChannelCredentialStore credentials;
    private final PaymentRepository payments;
    private final ReconciliationPayments paidPayments;
    private final ReconciliationRecords records;
    private final NotificationLog log;
    private final ResolutionCases resolutionCases;
    private final EntitlementLedgerView entitlements;
    private final EntitlementGrants grants;
    private final RefundLedgerView refunds;
    private final ChannelReportApplier applier;
    private final Transactions transactions;
    private final Clock clock;
    private final Supplier<UUID> uuids;
    private final ReconciliationSettings settings;
    private final StatementParser parser;

    public ReconciliationService(List<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                 PaymentRepository payments, ReconciliationPayments paidPayments,
                                 ReconciliationRecords records, NotificationLog log, OutboxStore outbox,
                                 ReviewCases reviews, ResolutionCases resolutionCases,
                                 EntitlementLedgerView entitlements, EntitlementGrants grants,
                                 RefundLedgerView refunds,
                                 Transactions transactions, Clock clock, Supplier<UUID> uuids,
                                 ReconciliationSettings settings) {
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        gateways.forEach(g -> byChannel.put(g.channel(), g));
        this.gateways = Map.copyOf(byChannel);
        this.credentials = credentials;
        this.payments = payments;
        this.paidPayments = paidPayments;
        this.records = records;
        this.log = log;
        this.resolutionCases = resolutionCases;
        this.entitlements = entitlements;
        this.grants = grants;
        this.refunds = refunds;
        this.applier = new ChannelReportApplier(payments, outbox, reviews, CrashPoints.NONE);
        this.transactions = transactions;
        this.clock = clock;
        this.uuids = uuids;
        this.settings = settings;
        this.parser = new StatementParser(settings.maxStatementBytes());
    }

    @Override
    public ReconciliationRunView startReconciliation(StartReconciliationCommand command) {
        byte[] content = command.source() instanceof StatementSource.Upload upload
                ? upload.content() : fetch(command);
        List<StatementLine> lines = parser.parse(content, command.day());
        String fileName = command.source() instanceof StatementSource.Upload upload ? upload.fileName() : null;
        long runId = transactions.inTransaction(() -> records.startRun(new NewRun(command.tenantId(),
                command.channel(), command.day(), command.source().name(), fileName, sha256(content),
                command.operator(), now())));
        try {
            RunTotals totals = reconcile(runId, command, lines);
            transactions.inTransaction(() -> records.finishRun(runId, totals, now()));
        } catch (RuntimeException e) {
            try {
                transactions.inTransaction(() -> records.failRun(runId, String.valueOf(e.getMessage()), now()));
            } catch (RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        return runView(records.run(command.tenantId(), runId).orElseThrow());
    }

    private byte[] fetch(StartReconciliationCommand command) {
        ChannelGateway gateway = gateways.get(command.channel());
        if (gateway == null) {
            throw new StatementUnavailable("no gateway for channel " + command.channel()
                    + ": upload its statement instead", null);
        }
        String account = credentials.accountOf(command.tenantId(), command.channel()).orElseThrow(() ->
                new StatementUnavailable("tenant " + command.tenantId() + " has no account at channel "
                        + command.channel(), null));
        try {
            return gateway.fetchStatement(command.day(), account);
        } catch (ChannelFailure failure) {
            throw new StatementUnavailable("the channel " + command.channel() + " did not give its statement of "
                    + command.day() + " (" + failure.outcomeClass() + "): " + failure.getMessage(), failure);
        }
    }

    private RunTotals reconcile(long runId, StartReconciliationCommand command, List<StatementLine> lines) {
        TenantId tenant = command.tenantId();
        String channel = command.channel();
        LocalDate day = command.day();
        List<StatementLine> paymentLines = lines.stream()
                .filter(l -> l.type() == StatementEntryType.PAYMENT).toList();
        List<StatementLine> refundLines = lines.stream()
                .filter(l -> l.type() == StatementEntryType.REFUND).toList();
        List<String> skipped = new ArrayList<>();

        Map<String, Payment> ours = new HashMap<>();
        for (StatementLine line : paymentLines) {
            paymentOf(tenant, line.outTradeNo()).ifPresent(p -> ours.put(line.outTradeNo(), p));
        }
        List<Payment> paidDuringDay = paidPayments.paidBetween(tenant, channel, StatementComparison.startOf(day),
                StatementComparison.endOf(day));
        StatementComparison.Result compared = StatementComparison.compare(day, settings.edgeWindow(), channel,
                paymentLines, ours, paidDuringDay);
        List<Finding> findings = new ArrayList<>(compared.findings());

        Optional<String> noEntitlements = entitlements.unavailableBecause();
        if (noEntitlements.isPresent()) {
            skipped.add(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING + ": not compared, " + noEntitlements.get());
        } else {
            // Only a payment whose grant stands is owed one: a refunded payment's grant is revoked, not re-granted.
            List<Payment> owed = compared.paidOnBothSides().stream().filter(p -> p.status().grantStands()).toList();
            for (Payment p : entitlements.missingEntitlements(tenant, owed)) {
                findings.add(new Finding(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, p.id().value(), p, null,
                        "paid on both sides (" + p.amount() + "), but no entitlement was granted for "
                                + p.userId() + " / " + p.sku(), false));
            }
        }
        Optional<String> noRefunds = refunds.unavailableBecause();
        if (noRefunds.isPresent()) {
            skipped.add(DiscrepancyClass.REFUND_MISMATCH + ": not compared, " + noRefunds.get() + " ("
                    + refundLines.size() + " refund lines not compared)");
        } else {
            for (RefundLedgerView.RefundMismatch m : refunds.compare(tenant, channel, day, refundLines)) {
                Payment p = m.paymentId() == null ? null : paymentOf(tenant, m.paymentId()).orElse(null);
                findings.add(new Finding(DiscrepancyClass.REFUND_MISMATCH, m.subject(), p, m.line(), m.detail(),
                        false));
            }
        }

        Map<String, StatementLine> lineOf = new HashMap<>();
        paymentLines.forEach(l -> lineOf.put(l.outTradeNo(), l));
        int[] counts = transactions.inTransaction(() -> {
            Instant now = now();
            int created = 0;
            for (Finding f : findings) {
                if (f.timingSuspect()) {
                    records.hold(new NewHold(tenant, channel, day, f.kind(), f.subject(),
                            f.payment() == null ? null : f.payment().id().value(), f.line(), f.detail(), runId, now));
                } else if (record(runId, tenant, channel, day, f.kind(), f.subject(), f.payment(), f.line(),
                        f.detail(), now)) {
                    created++;
                }
            }
            int released = 0;
            int counted = 0;
            for (StoredHold held : records.heldBefore(tenant, channel, day)) {
                Payment current = held.paymentId() == null ? null
                        : paymentOf(tenant, held.paymentId()).orElse(null);
                Optional<String> unmatched = StatementComparison.stillUnmatched(held.kind(), held.day(), current,
                        Optional.ofNullable(lineOf.get(held.subject())));
                if (unmatched.isEmpty()) {
                    records.settleHold(held.id(), ReconciliationRecords.HoldStatus.RELEASED, runId,
                            "matched by the statement of " + day, now);
                    released++;
                } else {
                    if (record(runId, tenant, channel, day, held.kind(), held.subject(), current, held.line(),
                            held.detail() + "; " + unmatched.get(), now)) {
                        created++;
                    }
                    records.settleHold(held.id(), ReconciliationRecords.HoldStatus.COUNTED, runId,
                            "counted by the run of " + day, now);
                    counted++;
                }
            }
            int linked = records.linkDayToRun(runId, tenant, channel, day);
            int held = records.stillHeld(tenant, channel, day);
            return new int[] {created, released, counted, linked, held};
        });

        int applied = 0;
        int failed = 0;
        if (settings.autoRepair()) {
            for (StoredDiscrepancy d : records.discrepanciesOfRun(tenant, runId, null)) {
                if (d.repairStatus() != RepairStatus.PENDING) {
                    continue;
                }
                RepairStatus after = repair(d, AUTOMATIC_OPERATOR, "automatic repair by reconciliation run " + runId,
                        ActionAudit.NONE)
                        .repairStatus();
                if (after == RepairStatus.APPLIED) {
                    applied++;
                } else if (after == RepairStatus.FAILED) {
                    failed++;
                }
            }
        }
        return new RunTotals(lines.size(), paymentLines.size(), refundLines.size(), compared.matchedLines(),
                counts[4], counts[1], counts[2], counts[3], counts[0], applied, failed, String.join("\n", skipped));
    }

    /** Records a discrepancy under its key; true when it is new. */
    private boolean record(long runId, TenantId tenant, String channel, LocalDate day, DiscrepancyClass kind,
                           String subject, Payment payment, StatementLine line, String detail, Instant now) {
        return records.recordDiscrepancy(new NewDiscrepancy(tenant, channel, day, kind, subject,
                payment == null ? null : payment.id().value(), line,
                payment == null ? null : payment.status().name(), detail, runId, now)).created();
    }

    private Optional<Payment> paymentOf(TenantId tenant, String outTradeNo) {
        PaymentId id;
        try {
            id = new PaymentId(outTradeNo);
        } catch (IllegalArgumentException notOurs) {
            return Optional.empty();
        }
        return payments.findById(tenant, id);
    }

    @Override
    public DiscrepancyView applyRepair(ApplyRepairCommand command) {
        StoredDiscrepancy d = records.discrepancy(command.tenantId(), command.discrepancyId())
                .orElseThrow(() -> new ReconciliationNotFound("no discrepancy " + command.discrepancyId()));
        if (d.repairStatus() == RepairStatus.APPLIED) {
            return view(d);
        }
        return view(repair(d, command.operator(), command.reason(), command.audit()));
    }

    /** Someone settled the repair between our read and our write: our effects are rolled back. */
    private static final class SettledMeanwhile extends RuntimeException {
        SettledMeanwhile() {
            super(null, null, false, false);
        }
    }

    /**
     * Applies the class's repair and settles it in one transaction; a failure is written down as FAILED. An operator's
     * {@code audit} entry is written in the transaction that settles the repair (APPLIED with its effect, or FAILED),
     * so the repair and its audit entry commit together; a repair someone else settled first writes none.
     */
    private StoredDiscrepancy repair(StoredDiscrepancy d, String operator, String reason, ActionAudit audit) {
        Repair repair = d.kind().repair();
        unavailability(repair).ifPresent(why -> {
            throw new RepairNotAvailable(repair + " is not available: " + why);
        });
        try {
            try {
                settle(d, operator, reason, audit);
            } catch (PersistenceFailure.AlreadyExists raced) {
                // A unique key said someone was first. Settled with it (the notification's dedup key): done. Still
                // unsettled: a grant of the same key committed first (the consumer), and once more finds it granted.
                if (records.discrepancy(d.tenantId(), d.id()).orElseThrow().repairStatus() == d.repairStatus()) {
                    settle(d, operator, reason, audit);
                }
            }
        } catch (SettledMeanwhile | PersistenceFailure.AlreadyExists meanwhile) {
            // Applied by someone else first (the notification's dedup key or the repair's status says so).
        } catch (RuntimeException failure) {
            transactions.inTransaction(() -> {
                Instant now = now();
                String result = repair + " failed: " + failure.getMessage();
                boolean settled = records.settleRepair(d.id(), d.repairStatus(),
                        new RepairSettlement(RepairStatus.FAILED, result, operator, reason, now));
                if (settled) {
                    audit.record(REPAIR_FAILED, repairDetail(d, result), now);
                }
                return settled;
            });
        }
        return records.discrepancy(d.tenantId(), d.id()).orElseThrow();
    }

    /** The repair's effect and its settlement (PENDING or FAILED to APPLIED, conditional) in one transaction. */
    private void settle(StoredDiscrepancy d, String operator, String reason, ActionAudit audit) {
        transactions.inTransaction(() -> {
            Instant now = now();
            String result = effect(d, operator, reason, now);
            if (!records.settleRepair(d.id(), d.repairStatus(),
                    new RepairSettlement(RepairStatus.APPLIED, result, operator, reason, now))) {
                throw new SettledMeanwhile();
            }
            audit.record(REPAIRED, repairDetail(d, result), now);
            return null;
        });
    }

    /** What a repair did, as its audit entry says it: {@code <class> → <repair>: <result>}. */
    static String repairDetail(StoredDiscrepancy d, String result) {
        return d.kind() + " → " + d.kind().repair() + ": " + result;
    }

    private Optional<String> unavailability(Repair repair) {
        return switch (repair) {
            case REGRANT_ENTITLEMENT -> entitlements.unavailableBecause();
            case QUERY_REFUND -> refunds.unavailableBecause();
            default -> Optional.empty();
        };
    }

    private String effect(StoredDiscrepancy d, String operator, String reason, Instant now) {
        TenantId tenant = d.tenantId();
        Optional<Payment> payment = d.paymentId() == null ? Optional.empty() : paymentOf(tenant, d.paymentId());
        return switch (d.kind().repair()) {
            case APPLY_CHANNEL_RESULT -> {
                StatementLine line = d.line();
                long id = recordNews(d, now);
                ChannelReport report = new ChannelReport(line.tradeStatus(), line.amount(),
                        new ChannelTxnId(line.tradeNo()), line.eventTime());
                ChannelReportApplier.Result result = payment.isPresent()
                        ? applier.apply(tenant, payment.get(), report, id, now)
                        : applier.holdForReview(id, tenant, null, AnomalyReason.UNKNOWN_PAYMENT,
                                "statement names no payment of ours: " + d.detail(), now);
                complete(id, result);
                yield describe(result);
            }
            case HOLD_FOR_REVIEW -> {
                long id = recordNews(d, now);
                ChannelReportApplier.Result result = applier.holdForReview(id, tenant, payment.orElse(null),
                        reviewReason(d, payment), d.kind() + ": " + d.detail(), now);
                complete(id, result);
                yield "review case opened (" + result.anomaly() + ")";
            }
            case ASK_CHANNEL -> {
                boolean open = resolutionCases.open(tenant, d.paymentId(), d.channel(), RESOLVER_REASON, now);
                yield open ? "resolver case open, due " + now + ": the channel is asked and its answer applied"
                        : "resolver case is flagged: a person already has it";
            }
            case REGRANT_ENTITLEMENT -> regrant(d, payment, now);
            case QUERY_REFUND -> refunds.queryRefund(tenant, d.channel(), d.subject(), operator, reason);
        };
    }

    /**
     * Grants the payment's entitlement under its business key, recorded under the id of the payment's own
     * PaymentSucceeded (derived, so the same as the event the consumer may still receive): whichever of the two
     * commits first grants, the other finds the key granted. Runs in the repair's transaction, so the grant and the
     * repair's settlement commit together or not at all.
     */
    private String regrant(StoredDiscrepancy d, Optional<Payment> payment, Instant now) {
        Payment p = payment.orElseThrow(() -> new IllegalStateException("no payment " + d.paymentId()));
        if (!p.status().grantStands()) {
            throw new IllegalStateException("the payment is " + p.status() + " now: no grant is owed");
        }
        EntitlementKey key = new EntitlementKey(p.tenantId(), p.userId(), p.sku(), p.id());
        EventId event = PaymentEvent.PaymentSucceeded.idFor(p.id());
        EntitlementGrants.Granted granted = grants.grant(key, event, now).orElseThrow(() ->
                new IllegalStateException("the sku " + p.sku() + " names no entitlement kind"));
        String grant = p.sku() + " for " + p.userId() + " (payment " + p.id().value() + ")";
        return granted == EntitlementGrants.Granted.GRANTED
                ? "granted " + grant + " as event " + event + "; task entitlement-granted written"
                : "already granted " + grant + " by then: nothing granted again";
    }

    private static AnomalyReason reviewReason(StoredDiscrepancy d, Optional<Payment> payment) {
        return switch (d.kind()) {
            case CHANNEL_TRADE_UNKNOWN_HERE -> AnomalyReason.UNKNOWN_PAYMENT;
            case HERE_NOT_AT_CHANNEL -> AnomalyReason.NOT_PAID_ON_STATEMENT;
            case AMOUNT_OR_CURRENCY_MISMATCH -> payment.isPresent() && d.line() != null
                    && !d.line().amount().sameCurrencyAs(payment.get().amount())
                    ? AnomalyReason.CURRENCY_MISMATCH : AnomalyReason.AMOUNT_MISMATCH;
            default -> throw new IllegalStateException(d.kind() + " is not repaired by a review");
        };
    }

    /**
     * Records the statement's word as a notification (source RECONCILIATION) under a dedup key of the discrepancy,
     * so that a repair can never record it twice.
     */
    private long recordNews(StoredDiscrepancy d, Instant now) {
        StatementLine line = d.line();
        String raw = line == null
                ? "statement of " + d.day() + ": no line for " + d.subject()
                : String.join(",", line.tradeNo(), line.outTradeNo(), line.type().name(), line.status(),
                        Long.toString(line.amount().minor()), line.amount().currencyCode(),
                        line.eventTime().toString());
        return log.recordFirstArrival(new NotificationLog.Entry(d.channel(), SOURCE_RECONCILIATION, d.tenantId(),
                "reconciliation-" + d.id(), d.paymentId(), line == null ? null : line.tradeNo(),
                line == null ? null : line.status(), line == null ? null : line.amount().minor(),
                line == null ? null : line.amount().currencyCode(), "reconciliation-" + uuids.get(),
                SignatureResult.NOT_CHECKED, NotificationOutcome.IN_PROGRESS, null, null, "",
                raw.getBytes(StandardCharsets.UTF_8), now, null));
    }

    private void complete(long notificationId, ChannelReportApplier.Result result) {
        log.complete(notificationId, new NotificationLog.Completion(result.outcome(), result.before(),
                result.after(), result.reason(), 0, null, 0));
    }

    private static String describe(ChannelReportApplier.Result result) {
        return result.outcome() + (result.before() == null ? "" : " " + result.before() + " -> " + result.after())
                + (result.reason() == null ? "" : " (" + result.reason() + ")");
    }

    @Override
    public List<ReconciliationRunView> listRuns(TenantId tenantIdOrNull, int limit) {
        return records.runs(tenantIdOrNull, limit).stream().map(this::runView).toList();
    }

    @Override
    public Optional<ReconciliationRunView> run(TenantId tenantId, long runId) {
        return records.run(tenantId, runId).map(this::runView);
    }

    @Override
    public List<DiscrepancyView> listDiscrepancies(TenantId tenantId, long runId, DiscrepancyClass classOrNull) {
        records.run(tenantId, runId).orElseThrow(() -> new ReconciliationNotFound("no reconciliation run " + runId));
        return records.discrepanciesOfRun(tenantId, runId, classOrNull).stream().map(this::view).toList();
    }

    @Override
    public Optional<ReconciliationRunView> lastRunSummary(TenantId tenantIdOrNull) {
        return records.runs(tenantIdOrNull, 1).stream().findFirst().map(this::runView);
    }

    private ReconciliationRunView runView(StoredRun run) {
        Map<DiscrepancyClass, Integer> byClass = new EnumMap<>(DiscrepancyClass.class);
        int open = 0;
        for (StoredDiscrepancy d : records.discrepanciesOfRun(run.tenantId(), run.id(), null)) {
            byClass.merge(d.kind(), 1, Integer::sum);
            if (d.repairStatus() != RepairStatus.APPLIED) {
                open++;
            }
        }
        RunTotals t = run.totals() == null
                ? new RunTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "") : run.totals();
        List<String> skipped = t.skippedChecks() == null || t.skippedChecks().isBlank() ? List.of()
                : Arrays.asList(t.skippedChecks().split("\n"));
        return new ReconciliationRunView(run.id(), run.tenantId(), run.channel(), run.day(), run.source(),
                run.fileName(), run.startedBy(), run.startedAt(), run.finishedAt(), run.status().name(), run.error(),
                t.statementLines(), t.paymentLines(), t.refundLines(), t.matched(), t.held(), t.released(),
                t.countedFromPool(), t.discrepancies(), t.newDiscrepancies(), t.repairsApplied(), t.repairsFailed(),
                open, byClass, skipped);
    }

    private DiscrepancyView view(StoredDiscrepancy d) {
        StatementLine line = d.line();
        return new DiscrepancyView(d.id(), d.tenantId(), d.channel(), d.day(), d.kind(), d.kind().repair(),
                d.subject(), d.paymentId(), line == null ? null : line.tradeNo(), line == null ? null : line.status(),
                line == null ? null : line.amount().minor(), line == null ? null : line.amount().currencyCode(),
                line == null ? null : line.eventTime(), d.ourStatus(), d.detail(), d.repairStatus(),
                d.repairResult(), d.repairedBy(), d.repairReason(), d.repairedAt(), d.firstRunId(), d.createdAt());
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
