package dev.tristate.domain.archfixture;

import org.springframework.util.StringUtils;

/** Deliberate violation for ArchitectureRulesCatchViolationsTest: a domain class using Spring. */
public class DomainClassUsingSpring {
    public boolean blank(String s) {
        return !StringUtils.hasText(s);
    }
}
