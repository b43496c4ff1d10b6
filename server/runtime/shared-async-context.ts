import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Many async-context storages carried by one.
 *
 * On Node 20 every enabled `AsyncLocalStorage` copies its store onto every promise and async resource
 * the process creates (a promise hook per storage, and a property per storage on each promise). Once
 * Next.js has served one page it has enabled four storages of its own, beside the two of this app, and
 * every API request then pays for six on its ~33 promises: about a quarter more server CPU per spend
 * (docs/performance.md, "What was tried"). Here each storage is a key in one immutable frame, and the
 * frame is the store of a single real `AsyncLocalStorage`: one property per promise, whatever the number
 * of storages. Node 22's AsyncContextFrame does the same inside V8.
 *
 * The frame's carrier lives on globalThis: the production build loads this module twice (the custom
 * server's bundle and Next.js's), and both copies must read and write the same frames.
 */
/** Keyed by the storage itself: any storage, whatever the type of its store. */
type Frame = ReadonlyMap<object, unknown>;

const CARRIER_KEY = Symbol.for("gamecoin.sharedAsyncContext.carrier");
const globalForCarrier = globalThis as unknown as { [CARRIER_KEY]?: AsyncLocalStorage<Frame> };
const carrier = (globalForCarrier[CARRIER_KEY] ??= new AsyncLocalStorage<Frame>());

const EMPTY_FRAME: Frame = new Map();

function currentFrame(): Frame {
  return carrier.getStore() ?? EMPTY_FRAME;
}

/** The current frame with `storage` set to `store` (or removed, for `exit`); frames are never changed in place. */
function frameWith(storage: object, store: { value: unknown } | null): Frame {
  const frame = new Map(currentFrame());
  if (store) frame.set(storage, store.value);
  else frame.delete(storage);
  return frame;
}

/** `AsyncLocalStorage`'s API (the part Next.js, React and this app use), over the one carrier. */
export class SharedAsyncContext<T> {
  /** `disable()`: `getStore()` answers undefined until the next `run` or `enterWith`, as Node's does. */
  private enabled = true;

  /** Runs `callback` in a context where `getStore()` is `store`, and its async work after it. */
  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.enabled = true;
    return carrier.run(frameWith(this, { value: store }), callback, ...args);
  }

  /** Runs `callback` outside this storage's context (its other storages' stores kept). */
  exit<R, A extends unknown[]>(callback: (...args: A) => R, ...args: A): R {
    return carrier.run(frameWith(this, null), callback, ...args);
  }

  /** Sets the store for the rest of the current synchronous execution and what it starts. */
  enterWith(store: T): void {
    this.enabled = true;
    carrier.enterWith(frameWith(this, { value: store }));
  }

  getStore(): T | undefined {
    if (!this.enabled) return undefined;
    return currentFrame().get(this) as T | undefined;
  }

  disable(): void {
    this.enabled = false;
  }

  /** A function that runs `fn` in the context current now, every storage included (the carrier is one of Node's). */
  static bind<F extends (...args: never[]) => unknown>(fn: F): F {
    return AsyncLocalStorage.bind(fn);
  }

  /** A runner of functions in the context current now. */
  static snapshot(): <R, A extends unknown[]>(fn: (...args: A) => R, ...args: A) => R {
    return AsyncLocalStorage.snapshot();
  }
}

/**
 * Makes `globalThis.AsyncLocalStorage`, which Next.js creates its storages from when it is set (its
 * node-environment sets Node's own only when none is there), the shared one. Called before Next.js loads.
 */
export function shareAsyncContextWithNext(): void {
  (globalThis as unknown as { AsyncLocalStorage: unknown }).AsyncLocalStorage = SharedAsyncContext;
}
