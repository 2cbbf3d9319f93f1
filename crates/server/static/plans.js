// How a table names its three City Plans: "Plan A", "Plan B", "Plan C" in the collector
// edition, "n°1", "n°2", "n°3" in the 1st edition (the edition's `plan_letters` rule).

import { planName } from './aaa.js';

/** The name without "Plan ": "A" or "n°1", for "plan A" / "plan n°1" and tight spaces. */
export function planShort(editionId, slot) {
  return planName(editionId, slot).replace(/^Plan /, '');
}
