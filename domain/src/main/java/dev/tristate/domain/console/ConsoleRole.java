package dev.tristate.domain.console;

/** What a console user may do: SUPPORT reads and asks the channel; OPERATOR also repairs (replay, discard, resolve). */
public enum ConsoleRole {
    SUPPORT,
    OPERATOR
}
