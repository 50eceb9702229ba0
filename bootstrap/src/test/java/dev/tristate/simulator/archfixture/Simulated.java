package dev.tristate.simulator.archfixture;

/** A class of a channel simulator, which only bootstrap may know. */
public class Simulated {
}
