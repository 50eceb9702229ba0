package dev.tristate.domain.payment;

/** Optimistic-lock version of an aggregate row; each applied change moves it up by one. */
public record Version(long value) {
    public static final Version INITIAL = new Version(0);

    public Version {
        if (value < 0) {
            throw new IllegalArgumentException("version cannot be negative: " + value);
        }
    }

    public Version next() {
        return new Version(value + 1);
    }
}
