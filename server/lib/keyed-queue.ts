import "server-only";
type Line = { running: number; waiting: (() => void)[] };

/**
 * Runs the tasks of one key at most `perKey` at a time, the others in the order they arrived; tasks of
 * different keys run side by side. Keys with nothing running take no memory.
 */
export class KeyedQueue {
  private readonly lines = new Map<string, Line>();

  constructor(private readonly perKey: number) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let line = this.lines.get(key);
    if (!line) {
      line = { running: 0, waiting: [] };
      this.lines.set(key, line);
    }
    const current = line;
    const start = async (): Promise<T> => {
      try {
        return await task();
      } finally {
        const next = current.waiting.shift();
        if (next) next();
        else if (--current.running === 0) this.lines.delete(key);
      }
    };
    if (current.running < this.perKey) {
      current.running += 1;
      return start();
    }
    return new Promise<T>((resolve, reject) => current.waiting.push(() => void start().then(resolve, reject)));
  }
}
