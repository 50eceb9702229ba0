package dev.tristate.adapter.out.channel.wechat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** WeChat Pay's times: RFC 3339 with the offset ({@code 2030-07-01T10:00:00+08:00}); its days are China days. */
final class WechatTime {

    static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx");

    private WechatTime() {
    }

    static String format(Instant instant) {
        return RFC3339.format(instant.atOffset(ZoneOffset.ofHours(8)));
    }

    /** The time, or an {@link IllegalArgumentException} for one that is not RFC 3339 with an offset. */
    static Instant parse(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException | NullPointerException e) {
            throw new IllegalArgumentException("not an RFC 3339 time: " + text);
        }
    }
}
