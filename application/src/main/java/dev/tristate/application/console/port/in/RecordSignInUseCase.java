package dev.tristate.application.console.port.in;

/**
 * Puts a console sign-in into the audit log: who signed in, when and from where, beside what they then did. Failed
 * sign-ins are not entries of their own (anyone can make them); their lockouts are
 * ({@link RecordSignInLockoutUseCase}).
 */
public interface RecordSignInUseCase {

    /** The audit log's action of a sign-in; its subject is the user (subject type {@code console-user}). */
    String SIGN_IN_ACTION = "SIGN_IN";

    /** {@code clientAddress} as the server saw it (the proxy's forwarded address where forward headers are trusted). */
    void recordSignIn(String username, String clientAddress);
}
