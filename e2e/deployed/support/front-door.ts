/**
 * Node-side requests of the lane's tests, through the front door like any client: https to the public
 * name on nginx, trusting only the lane's CA, with the name looked up as 127.0.0.1 (no /etc/hosts
 * entry needed). `from` picks the client's own address on the loopback network (127.0.0.0/8), so a
 * test can tell the address nginx saw from the instances' socket peer (nginx, 127.0.0.1).
 */
import { readFileSync } from "node:fs";
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { Agent, request } from "undici";
import { laneFacts, PUBLIC_HOST, PUBLIC_URL } from "./env";

export type FrontDoorAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function laneLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  if (hostname !== PUBLIC_HOST) return void dnsLookup(hostname, { ...options, all: true }, (error, addresses) => callback(error, options.all ? addresses : (addresses[0]?.address ?? ""), addresses[0]?.family));
  if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
}

const agents = new Map<string, Agent>();

function agentFrom(localAddress: string): Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ localAddress, connect: { ca: readFileSync(laneFacts().caFile, "utf8"), lookup: laneLookup } });
    agents.set(localAddress, agent);
  }
  return agent;
}

/** One request to PUBLIC_URL + path (or an absolute https URL on the public name); redirects are never followed. */
export async function frontDoor(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<FrontDoorAnswer> {
  const url = path.startsWith("https://") ? path : `${PUBLIC_URL}${path}`;
  const answer = await request(url, {
    method: (options.method ?? "GET") as "GET",
    headers: options.headers,
    body: options.body,
    dispatcher: agentFrom(options.from ?? "127.0.0.1"),
  });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

/**
 * A JSON call of the API through the front door: a secret key as a bearer token, a publishable key in
 * X-Service-Key (as the SDK sends it); `idempotent` adds a fresh Idempotency-Key.
 */
export async function api<T>(
  method: string,
  path: string,
  key: string,
  body?: unknown,
  extra: { headers?: Record<string, string>; from?: string; idempotent?: boolean } = {},
): Promise<{ status: number; body: T; headers: FrontDoorAnswer["headers"] }> {
  const headers: Record<string, string> = { ...(key.startsWith("svc_pk_") ? { "X-Service-Key": key } : { Authorization: `Bearer ${key}` }), ...extra.headers };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (extra.idempotent) headers["Idempotency-Key"] = `deployed-${crypto.randomUUID()}`;
  const answer = await frontDoor(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), from: extra.from });
  return { status: answer.status, body: (answer.text ? JSON.parse(answer.text) : null) as T, headers: answer.headers };
}

export function header(answer: { headers: FrontDoorAnswer["headers"] }, name: string): string | undefined {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}
