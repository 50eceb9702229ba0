package dev.tristate.adapter.out.channel.alipay;

import java.util.Optional;

/**
 * The seller (the merchant's PID, {@code 2088} and 12 digits) of the tenant owning an Alipay app, when the tenant set
 * one: a notification must name it as {@code seller_id}, and a bill must be of it. Read at each use; bootstrap answers
 * it from the credential store.
 */
@FunctionalInterface
public interface AlipaySellerIds {

    AlipaySellerIds NONE = appId -> Optional.empty();

    Optional<String> sellerIdOf(String appId);
}
