import { headers } from "next/headers";

/** This request's CSP nonce (set by proxy.ts): an inline script of ours runs only if it carries it. */
export async function cspNonce(): Promise<string | undefined> {
  return (await headers()).get("x-nonce") ?? undefined;
}
