import "server-only";
import ipaddr from "ipaddr.js";

type GeoipCountry = (typeof import("geoip-country"))["default"];

let database: Promise<GeoipCountry> | null = null;

/**
 * geoip-country reads its ~8 MB database when first imported: imported on the first look-up only (not
 * at start), and once per process. Offline: the database ships in the npm package, nothing is fetched.
 */
function geoip(): Promise<GeoipCountry> {
  database ??= import("geoip-country").then((module) => module.default);
  return database;
}

/**
 * The country (ISO 3166-1 alpha-2) of the buyer's IP address, one of the pieces of VAT evidence
 * (Implementing Regulation 282/2011 art. 24f(a)); null when the address is not a public one (loopback,
 * private, a test client) or the database does not know it. The client address may arrive as the /64
 * of an IPv6 address (client-ip.ts); its network part locates it as well as the full address.
 */
export async function ipCountry(address: string | null): Promise<string | null> {
  if (!address) return null;
  const bare = address.replace(/\/\d+$/, "");
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.process(bare);
  if (parsed.range() !== "unicast") return null;
  return (await geoip()).lookup(parsed.toString())?.country ?? null;
}
