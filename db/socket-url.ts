/**
 * libpq's `host` query parameter, `postgresql://user@/db?host=/var/run/postgresql`, turned into what
 * postgres.js understands: the URL without it, and its value as the driver's `host` option (a directory,
 * starting with a slash, names a Unix socket; anything else a host name). postgres.js reads no `host`
 * from the query; it sends every unknown parameter to the server as a setting, which Postgres refuses,
 * so every query of such a deployment failed.
 */
export type DriverTarget = { url: string; host?: string };

export function driverTarget(databaseUrl: string): DriverTarget {
  const queryStart = databaseUrl.indexOf("?");
  if (queryStart === -1) return { url: databaseUrl };
  const params = new URLSearchParams(databaseUrl.slice(queryStart + 1));
  const host = params.get("host");
  if (host === null) return { url: databaseUrl };
  params.delete("host");
  const rest = params.toString();
  return { url: withPlaceholderHost(databaseUrl.slice(0, queryStart)) + (rest ? `?${rest}` : ""), host };
}

/**
 * `postgresql://user@/db` is libpq's but no WHATWG URL (credentials need a host), and postgres.js parses
 * with `URL`. The host option wins over the URL's, so a placeholder fills the empty place.
 */
function withPlaceholderHost(base: string): string {
  const authorityStart = base.indexOf("://") + 3;
  if (authorityStart < 3) return base;
  const slash = base.indexOf("/", authorityStart);
  const authorityEnd = slash === -1 ? base.length : slash;
  const authority = base.slice(authorityStart, authorityEnd);
  if (authority.slice(authority.lastIndexOf("@") + 1) !== "") return base;
  return `${base.slice(0, authorityEnd)}localhost${base.slice(authorityEnd)}`;
}
