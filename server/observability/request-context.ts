import "server-only";
import { SharedAsyncContext } from "@/server/runtime/shared-async-context";

/** What every log line written while an API request runs carries (the logger's mixin reads it). */
export type RequestContext = { requestId: string };

const storage = new SharedAsyncContext<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
