import "server-only";
import { hostname } from "node:os";
import { requestLineLogger, writeLogLine } from "./logger";

/** The fields of the one log line per API request, in the order they are written. */
export type RequestLineFields = {
  requestId: string;
  operation: string | null;
  method: string;
  route: string | null;
  status: number;
  durationMs: number;
  gameId: string | null;
  env: string | null;
  errorCode?: string;
};

/** What pino puts after the time of every line (its default `base`), made once. */
const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * The request line, made as one string and handed to the logger's destination: the bytes pino writes
 * for `requestLineLogger.info(fields, "request")` (tests/observability/request-line.test.ts compares
 * them), without pino's generic walk of the object, whose per-key strings made ~5 KB of garbage per
 * request, an eighth of a spend's allocations (docs/performance.md, "What was tried"). Every field is
 * a known name with a string, number or null, so JSON.stringify of each value is the whole of pino's
 * escaping here.
 */
export function writeRequestLine(level: "info" | "error", fields: RequestLineFields, msg: string): void {
  if (!requestLineLogger.isLevelEnabled(level)) return;
  let line =
    `{"level":"${level}","time":"${new Date().toISOString()}"${BASE}` +
    `,"requestId":${JSON.stringify(fields.requestId)},"operation":${JSON.stringify(fields.operation)}` +
    `,"method":${JSON.stringify(fields.method)},"route":${JSON.stringify(fields.route)},"status":${fields.status}` +
    `,"durationMs":${fields.durationMs},"gameId":${JSON.stringify(fields.gameId)},"env":${JSON.stringify(fields.env)}`;
  if (fields.errorCode !== undefined) line += `,"errorCode":${JSON.stringify(fields.errorCode)}`;
  line += `,"msg":${JSON.stringify(msg)}}\n`;
  writeLogLine(line);
}
