package dev.tristate.domain.tenant;

/** The channel credentials an operator can set, with where each is stored (channel and secret name). */
public enum CredentialKind {
    SANDBOX_SIGNING_SECRET("sandbox", "signing-secret", 16),
    ALIPAY_PUBLIC_KEY("alipay", "alipay-public-key", 64),
    ALIPAY_APP_PRIVATE_KEY("alipay", "app-private-key", 64),
    STRIPE_ENDPOINT_SECRET("stripe", "stripe-endpoint-secret", 16);

    private final String channel;
    private final String secretName;
    private final int minLength;

    CredentialKind(String channel, String secretName, int minLength) {
        this.channel = channel;
        this.secretName = secretName;
        this.minLength = minLength;
    }

    public String channel() {
        return channel;
    }

    public String secretName() {
        return secretName;
    }

    /** Checks a secret's shape without ever putting it into the message. */
    public String checkedSecret(String secret) {
        if (secret == null || secret.strip().length() < minLength || secret.length() > 6000) {
            throw new IllegalArgumentException(name() + " must be " + minLength + " to 6000 characters");
        }
        return secret.strip();
    }
}
