import { existsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The PSPLIB instances live beside the repository (../shared/data/psplib), not in it, so a clone elsewhere
 * (CI clones to a temporary folder) may not have them: the tests that read them then skip, with the reason in
 * the test name. Kept out of engine/, which holds no Node API outside its CLI.
 */
export const psplibRoot = resolve(process.env.JALON_PSPLIB_DIR ?? resolve(__dirname, "../../../shared/data/psplib"));
export const psplibMissing = !existsSync(psplibRoot);
export const psplibSkipReason = psplibMissing ? ` (skipped: ${psplibRoot} is missing; set JALON_PSPLIB_DIR)` : "";
