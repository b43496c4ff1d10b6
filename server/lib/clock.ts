import "server-only";
/**
 * The one source of time. Tests move it (token expiry, sale windows, retries) instead of sleeping.
 */
let offsetMs = 0;
let frozenAt: number | null = null;

export const clock = {
  now(): Date {
    return new Date(this.nowMs());
  },
  nowMs(): number {
    return frozenAt ?? Date.now() + offsetMs;
  },
  /** Moves time forward (or back) by `ms` for everything that reads the clock. */
  advance(ms: number): void {
    if (frozenAt !== null) frozenAt += ms;
    else offsetMs += ms;
  },
  freeze(at: Date): void {
    frozenAt = at.getTime();
  },
  reset(): void {
    offsetMs = 0;
    frozenAt = null;
  },
};
