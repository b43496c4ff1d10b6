/** The part of geoip-country (CommonJS, no bundled types) that ip-country.ts uses. */
declare module "geoip-country" {
  const geoip: { lookup(ip: string): { country: string } | null };
  export default geoip;
}
