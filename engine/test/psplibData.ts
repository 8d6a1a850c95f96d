import { existsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The PSPLIB instances live beside the repository (../shared/data/psplib), not in it. A checkout without them
 * skips the tests that read them, with the reason in the test name; under CI=true the data must be there.
 */
export const psplibRoot = resolve(process.env.JALON_PSPLIB_DIR ?? resolve(__dirname, "../../../shared/data/psplib"));
export const psplibMissing = !existsSync(psplibRoot) && process.env.CI !== "true";
export const psplibSkipReason = psplibMissing ? ` (skipped: ${psplibRoot} is missing; set JALON_PSPLIB_DIR)` : "";
