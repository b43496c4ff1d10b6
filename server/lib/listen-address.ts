/**
 * The host name this instance is reached at from the machine itself, from the address it listens on
 * (HOSTNAME). Next.js builds each request's own URL from it; nothing public may be built from that URL
 * (links and redirects use PUBLIC_URL, server/lib/public-url.ts), but it must at least name this
 * instance and not a fixed `localhost` that a `HOSTNAME=127.0.0.1` or `::1` listener does not answer.
 * A wildcard listener (0.0.0.0, ::) answers on every address: `localhost` reaches it on IPv4 and IPv6.
 */
export function localHostnameOf(listenAddress: string): string {
  const bare = listenAddress.replace(/^\[(.*)\]$/, "$1");
  if (bare === "0.0.0.0" || bare === "::" || bare === "") return "localhost";
  // An IPv6 literal needs brackets wherever it becomes part of a URL.
  return bare.includes(":") ? `[${bare}]` : bare;
}
