import type { Environment } from "@/db/schema";

/** `/shop/<slug>` is the live shop, `/shop/<slug>/test` the test one. */
export function shopPath(slug: string, env: Environment): string {
  const base = `/shop/${encodeURIComponent(slug)}`;
  return env === "test" ? `${base}/test` : base;
}

/** Each environment's session cookie, scoped to the game's shop pages. */
export function shopCookieName(env: Environment, secure: boolean): string {
  return `${secure ? "__Secure-" : ""}gc_shop_${env}`;
}
