package dev.tristate.application.console.port.out;

/** One-way hashing of console passwords; the adapter decides the algorithm (bcrypt). */
public interface PasswordHasher {

    String hash(CharSequence rawPassword);
}
