import "server-only";

type Waiting<In, Out> = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

export type BatchLimits = {
  /** Batches written at once, at most. */
  maxInFlight: number;
  /** Items in one batch, at most. */
  maxBatch: number;
  /** How long the newest batch in flight may be out before the next one leaves without it. */
  stallMs: number;
};

/**
 * Group commit: with no batch in flight, an item leaves at the next turn of the event loop with
 * whatever arrived in the same turn; items that arrive while a batch is being written wait and go
 * together when it is done (at most `maxBatch`). A further batch leaves beside the one in flight (up to
 * `maxInFlight`) only when the waiting items fill a whole batch, or when the newest batch in flight has
 * been out `stallMs` (a lock wait, a slow flush), so a stalled batch holds up the others for that long
 * at most. One batch at a time is the fastest while it can carry the load: every batch costs the server
 * a statement, a wake-up of Postgres and the answer's parsing, and parallel half-full batches made a
 * spend cost more (docs/performance.md, "Group commit").
 */
export class Batcher<In, Out> {
  private readonly waiting: Waiting<In, Out>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lastDepartureAt = 0;
  private stallTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (items: In[]) => Promise<Out[]>,
    private readonly limits: BatchLimits,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.scheduled) return;
      if (this.mayDepart()) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      } else {
        this.watchForStall();
      }
    });
  }

  private mayDepart(): boolean {
    if (this.waiting.length === 0 || this.inFlight >= this.limits.maxInFlight) return false;
    if (this.inFlight === 0 || this.waiting.length >= this.limits.maxBatch) return true;
    return performance.now() - this.lastDepartureAt >= this.limits.stallMs;
  }

  private pump(): void {
    while (this.mayDepart()) {
      const batch = this.waiting.splice(0, this.limits.maxBatch);
      this.inFlight += 1;
      this.lastDepartureAt = performance.now();
      clearTimeout(this.stallTimer);
      this.stallTimer = undefined;
      this.write(batch.map((w) => w.item))
        .then(
          (outs) => batch.forEach((w, i) => w.resolve(outs[i] as Out)),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
    }
    this.watchForStall();
  }

  /** Items waiting behind a batch in flight leave beside it once it has been out `stallMs`. */
  private watchForStall(): void {
    if (this.stallTimer || this.waiting.length === 0 || this.inFlight === 0 || this.inFlight >= this.limits.maxInFlight) return;
    const wait = Math.max(0, this.lastDepartureAt + this.limits.stallMs - performance.now());
    this.stallTimer = setTimeout(() => {
      this.stallTimer = undefined;
      this.pump();
    }, wait);
    this.stallTimer.unref();
  }
}
