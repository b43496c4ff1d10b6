import "server-only";

type Waiting<In, Out> = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

/**
 * Group commit: items submitted while `maxInFlight` batches are already being written wait, and go
 * together in the next batch (at most `maxBatch`). With nothing in flight an item leaves at the next
 * turn of the event loop, with whatever arrived in the same turn. So an item waits at most for the
 * batches in flight to finish, and a batch is as large as the load makes it.
 */
export class Batcher<In, Out> {
  private readonly waiting: Waiting<In, Out>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly write: (items: In[]) => Promise<Out[]>,
    private readonly limits: { maxInFlight: number; maxBatch: number },
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.limits.maxInFlight && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxBatch);
      this.inFlight += 1;
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
  }
}
