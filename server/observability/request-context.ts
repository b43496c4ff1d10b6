import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line written while an API request runs carries (the logger's mixin reads it). */
export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
