package dev.tristate.application.reconciliation.service;

import dev.tristate.domain.reconciliation.Repair;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The effect of every {@link Repair}, exactly one each: a repair without an effect is a wiring error at start. */
public final class RepairEffects {

    private final Map<Repair, RepairEffect> byRepair = new EnumMap<>(Repair.class);

    public RepairEffects(List<RepairEffect> effects) {
        for (RepairEffect effect : effects) {
            if (byRepair.put(effect.repair(), effect) != null) {
                throw new IllegalArgumentException("two effects for the repair " + effect.repair());
            }
        }
        for (Repair repair : Repair.values()) {
            if (!byRepair.containsKey(repair)) {
                throw new IllegalArgumentException("no effect for the repair " + repair);
            }
        }
    }

    RepairEffect of(Repair repair) {
        return byRepair.get(repair);
    }
}
