// Picks this vitest worker's share of what a global setup made once per worker (a server and a
// database each), by the worker's pool id: vitest numbers the files running at the same time
// 1..maxWorkers and never gives one number to two of them, so two files never share a database.
import { inject } from "vitest";

/**
 * Makes the slot's values what `inject(key)` answers in this worker. Vitest has no public way to
 * change a provided value inside a worker; `inject` reads the worker state's providedContext, so
 * the values are written there, and checked: should a vitest upgrade move it, this fails loudly
 * instead of letting every worker silently share the first server.
 */
export function useWorkerSlot<T extends object>(slots: readonly T[]): T {
  if (slots.length === 0) throw new Error("No worker slots were provided by the global setup.");
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  const slot = slots[(Math.max(1, poolId) - 1) % slots.length]!;
  const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
  if (!state?.providedContext) throw new Error("Cannot reach vitest's provided context to choose this worker's slot.");
  Object.assign(state.providedContext, slot);
  for (const [key, value] of Object.entries(slot)) {
    if (inject(key as never) !== value) throw new Error(`inject("${key}") does not answer this worker's slot.`);
  }
  return slot;
}
