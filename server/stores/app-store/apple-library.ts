import "server-only";
import type * as AppleLibrary from "@apple/app-store-server-library";

export type Apple = typeof AppleLibrary;

let loaded: Apple | undefined;
let loading: Promise<Apple> | undefined;

/**
 * Apple's App Store Server Library, loaded on first use: it holds about 9 MB that a game without App
 * Store sales, and every instance until its first one, need not carry (docs/performance.md, memory).
 */
export function appleLibrary(): Promise<Apple> {
  loading ??= import("@apple/app-store-server-library").then((library) => (loaded = library));
  return loading;
}

/** Whether `error` is one of the library's API errors (none can exist before the library is loaded). */
export function isAppleApiException(error: unknown): error is AppleLibrary.APIException {
  return loaded !== undefined && error instanceof loaded.APIException;
}
