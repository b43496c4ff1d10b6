import "server-only";
/**
 * Whether this process is shutting down. Kept on globalThis: server.ts (compiled on its own) and the
 * Next.js bundle load this module twice, and both must see the same answer.
 */
const state = globalThis as unknown as { __gamecoinDraining?: boolean };

export function isDraining(): boolean {
  return state.__gamecoinDraining === true;
}

export function startDraining(): void {
  state.__gamecoinDraining = true;
}

/** Tests that drain in process start the next case as a fresh process would. */
export function resetDrainingForTests(): void {
  state.__gamecoinDraining = undefined;
}
