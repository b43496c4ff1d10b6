import "server-only";
import type { Environment } from "@/db/schema";
import { validationError } from "@/server/lib/errors";
import {
  AddressNotAllowedError,
  addressProblem,
  isIpLiteral,
  loopbackAllowed,
  nameProblem,
  normalizeHost,
  resolveAllowed,
  systemResolve,
  type Resolve,
} from "./ssrf";

export const MAX_URL_LENGTH = 2048;

/**
 * SPEC endpoint rules that need no network: an absolute https URL (http only to localhost in test),
 * no credentials, no internal name, no non-public literal address. Returns a message for
 * `fieldErrors.url`, or null. Used by endpoint creation, the fixture loader and every send.
 */
export function endpointUrlProblem(raw: string, env: Environment): string | null {
  if (raw.length > MAX_URL_LENGTH) return `Must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Must be an absolute URL (https://…)";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Must use https";
  // SECURITY: credentials in the URL would be sent to whoever answers, and logged with the URL.
  if (url.username || url.password) return "Must not contain a user name or password";
  const host = normalizeHost(url.hostname);
  if (host === "") return "Must name a host";
  const local = loopbackAllowed(host, env);
  if (isIpLiteral(host)) {
    const problem = addressProblem(host, { allowLoopback: local });
    if (problem) return `Address not allowed: ${problem}`;
  } else {
    const problem = nameProblem(host, env);
    if (problem) return `Address not allowed: ${problem}`;
  }
  if (url.protocol === "http:" && !local) {
    return env === "test" ? "Must use https (http is allowed to localhost in test only)" : "Must use https";
  }
  return null;
}

/**
 * Everything above plus DNS: the name must resolve, and only to public addresses. The address is
 * checked again at every send, since DNS answers change. Returns the normalized URL or throws
 * VALIDATION_FAILED with `fieldErrors.url`.
 */
export async function checkEndpointUrl(raw: string, env: Environment, resolve: Resolve = systemResolve): Promise<string> {
  const problem = endpointUrlProblem(raw, env);
  if (problem) throw validationError({ url: [problem] });
  const url = new URL(raw);
  try {
    await resolveAllowed(url.hostname, env, resolve);
  } catch (error) {
    if (error instanceof AddressNotAllowedError) throw validationError({ url: [`Address not allowed: ${error.host} → ${error.reason}`] });
    throw validationError({ url: ["The host name could not be resolved"] });
  }
  return url.href;
}
