package dev.tristate.domain.resolution;

import static dev.tristate.domain.resolution.ResolutionStatus.FLAGGED;
import static dev.tristate.domain.resolution.ResolutionStatus.OPEN;
import static dev.tristate.domain.resolution.ResolutionStatus.RESOLVED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResolutionStatusTest {

    @Test
    void openAndFlaggedCasesAreActive() {
        assertThat(ResolutionStatus.active()).containsExactly(OPEN, FLAGGED);
    }

    @Test
    void aResolvedCaseIsNotActive() {
        assertThat(RESOLVED.isActive()).isFalse();
    }
}
