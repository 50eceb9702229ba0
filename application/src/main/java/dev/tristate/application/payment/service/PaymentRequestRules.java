package dev.tristate.application.payment.service;

import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.AMOUNT_MINOR;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.CHANNEL;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.CURRENCY;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.DESCRIPTION;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.MERCHANT_ORDER_ID;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.PAY_METHOD;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.RETURN_URL;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.SKU;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.USER_ID;

import dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest;
import dev.tristate.application.shared.port.in.FieldError;
import dev.tristate.domain.Identifiers;
import dev.tristate.domain.entitlement.EntitlementFields;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.ReturnUrl;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;

/**
 * The rules a payment request must meet before anything is created. The domain's own checks decide (merchant order
 * id, currency, {@link EntitlementFields} for the user id and SKU its grant is made of, {@link Identifiers#textProblem}
 * for the description, {@link ReturnUrl} for the return address); this class only names the field and says why in
 * the API's words.
 */
final class PaymentRequestRules {

    private PaymentRequestRules() {
    }

    /**
     * Every broken rule, one per field, in the API's field order; empty when the request may proceed.
     * {@code payMethods} are the channels a payment may name, each with its pay methods, the default first.
     */
    static List<FieldError> check(PaymentRequest request, SortedMap<String, List<String>> payMethods) {
        Set<String> channels = payMethods.keySet();
        List<FieldError> errors = new ArrayList<>(request.malformed());
        Set<String> reported = new HashSet<>();
        request.malformed().forEach(e -> reported.add(e.field()));

        checkField(errors, reported, MERCHANT_ORDER_ID, request.merchantOrderId(), value -> {
            try {
                new MerchantOrderId(value);
                return null;
            } catch (IllegalArgumentException e) {
                return "must be 1-64 printable ASCII characters";
            }
        });
        checkField(errors, reported, AMOUNT_MINOR, request.amountMinor(),
                value -> value > 0 ? null : "must be a positive integer (minor units)");
        checkField(errors, reported, CURRENCY, request.currency(), PaymentRequestRules::currencyProblem);
        checkField(errors, reported, CHANNEL, request.channel(), value -> channels.contains(value) ? null
                : channels.isEmpty() ? "no payment channel is configured"
                : "must be one of: " + String.join(", ", channels));
        List<String> methods = request.channel() == null ? null : payMethods.get(request.channel());
        if (methods != null && request.payMethod() != null && !reported.contains(PAY_METHOD)
                && !methods.contains(request.payMethod())) {
            errors.add(new FieldError(PAY_METHOD, "must be one of " + String.join(", ", methods) + " at channel "
                    + request.channel() + " (default " + methods.get(0) + ")"));
        }
        checkField(errors, reported, USER_ID, request.userId(), EntitlementFields::userIdProblem);
        checkField(errors, reported, SKU, request.sku(), EntitlementFields::skuProblem);
        if (!reported.contains(DESCRIPTION)) {
            String problem = Identifiers.textProblem(request.description(), Payment.MAX_DESCRIPTION);
            if (problem != null) {
                errors.add(new FieldError(DESCRIPTION, problem));
            }
        }
        if (request.returnUrl() != null && !reported.contains(RETURN_URL)) {
            String problem = ReturnUrl.problem(request.returnUrl());
            if (problem != null) {
                errors.add(new FieldError(RETURN_URL, problem));
            }
        }
        sort(errors);
        return errors;
    }

    /** Sorts errors into the API's field order. */
    static void sort(List<FieldError> errors) {
        errors.sort(Comparator.comparingInt(e -> PaymentRequest.FIELDS.indexOf(e.field())));
    }

    private static String currencyProblem(String code) {
        try {
            Money.currency(code);
        } catch (IllegalArgumentException e) {
            return "must be an upper-case ISO 4217 currency code";
        }
        if (Currency.getInstance(code).getDefaultFractionDigits() < 0) {
            return "must be a currency with minor units";
        }
        return null;
    }

    private interface Rule<T> {
        /** Why the value is refused, or null. */
        String problem(T value);
    }

    private static <T> void checkField(List<FieldError> errors, Set<String> reported, String field, T value,
                                       Rule<T> rule) {
        if (reported.contains(field)) {
            return;
        }
        String problem = value == null ? "is required" : rule.problem(value);
        if (problem != null) {
            errors.add(new FieldError(field, problem));
        }
    }
}
