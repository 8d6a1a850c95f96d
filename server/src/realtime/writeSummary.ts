import type { WriteSummary } from "@jalon/shared/realtime";

/**
 * The header's figures (projected end, undo count) a planning write leaves, noted by the statement that
 * computes them (persistScheduleWrite) on its transaction, and read by the route once the transaction has
 * committed: its live events and its answer carry them, so that every header follows without a refetch.
 * Keyed by the transaction object, so nothing outlives it.
 */
const noted = new WeakMap<object, WriteSummary>();

export function noteWriteSummary(trx: object, summary: WriteSummary): void {
  noted.set(trx, summary);
}

/** The last summary noted on this transaction (a write that persists twice ends on its last state). */
export function writeSummaryOf(trx: object): WriteSummary | undefined {
  return noted.get(trx);
}
