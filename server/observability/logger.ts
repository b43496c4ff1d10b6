import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { config } from "@/server/lib/config";
import { currentRequestContext } from "./request-context";
import { serializeError } from "./serialize-error";

/**
 * Defence in depth only: secrets are never handed to the logger in the first place (tested in
 * tests/observability/log-secrets.test.ts). These paths catch a header map or an input object that
 * someone logs whole by mistake, at the top level and one level down.
 */
const SECRET_FIELDS = [
  "authorization",
  "cookie",
  "set-cookie",
  "x-service-key",
  "password",
  "secret",
  "secretKey",
  "publishableKey",
  "signingSecret",
  "token",
  "playerToken",
  "playerSecret",
  "apiKey",
  "emailCode",
  "AUTH_SECRET",
  "METRICS_TOKEN",
  "CRON_SECRET",
];
export const REDACTED_PATHS = [...SECRET_FIELDS.map((f) => `["${f}"]`), ...SECRET_FIELDS.map((f) => `*["${f}"]`)];

const LOG_WRITE_BYTES = 16 * 1024;
/** sonic-boom's cap on one write: above the 16 KiB gathered and the line that crossed them, half a pipe's 64 KiB. */
const LOG_MAX_WRITE_BYTES = 32 * 1024;
const LOG_FLUSH_MS = 250;

/** Where lines go: stdout (pretty in development), or a test's capture. */
type Sink = { write(line: string): void };

function stdoutSink(): Sink {
  if (config().NODE_ENV === "development") {
    // A transport (worker thread) resolves pino-pretty only here: production installs leave it out.
    return pino.transport({ target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } }) as Sink;
  }
  // Lines gathered and written 16 KiB at a time (a line per API request must not cost a write system
  // call each, and a write to a pipe wakes its reader, which then takes the CPU from the server: at
  // 4 KiB that was 4-5 % of the main thread under spends), and whatever is pending at least every
  // 250 ms, so a quiet server's lines still show at once. The write itself is synchronous: an
  // asynchronous one goes through libuv's thread pool (a hand-off and a wake-up each), which cost 2–7 %
  // of a spend's server CPU (docs/performance.md).
  // Lines go in as bytes: gathering strings, sonic-boom measures the UTF-8 length of all it holds on
  // every line (a copy of up to 16 KiB each time); gathering buffers, it adds up their lengths.
  const destination = pino.destination({ dest: 1, sync: true, minLength: LOG_WRITE_BYTES, maxWrite: LOG_MAX_WRITE_BYTES, periodicFlush: LOG_FLUSH_MS, contentMode: "buffer" });
  const writeBytes = destination.write.bind(destination) as unknown as (bytes: Buffer) => boolean;
  // Pino flushes a gathering destination at exit only when it is asynchronous: this one's last lines
  // (under 16 KiB) would be lost on process.exit, as after a graceful shutdown.
  process.once("exit", () => {
    try {
      destination.flushSync();
    } catch {
      // stdout is gone (its reader exited): there is nowhere left to write the lines to.
    }
  });
  return { write: (line: string) => void writeBytes(Buffer.from(line)) };
}

let output: Sink | null = null;
let capture: Sink | null = null;

/** The one destination of the logger; a test can swap what it writes to without a second logger. */
const switchable: DestinationStream = {
  write(line: string) {
    if (capture) capture.write(line);
    else (output ??= stdoutSink()).write(line);
  },
};

/** A line made outside pino (request-line.ts), in its format, to the same destination. */
export function writeLogLine(line: string): void {
  switchable.write(line);
}

const lineFormat = {
  level: config().LOG_LEVEL,
  serializers: { err: serializeError },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

/** The process's logger: JSON lines, one object per event, the request id added while a request runs. */
export const logger: Logger = pino(
  {
    ...lineFormat,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    mixin: () => {
      const context = currentRequestContext();
      return context ? { requestId: context.requestId } : {};
    },
  },
  switchable,
);

/**
 * The level and format of the one line per API request, which request-line.ts makes itself in this
 * logger's format (its fields are listed one by one: ids, the route template, status, duration, and
 * its request id; nothing for a redaction to find). Same format and destination as `logger`.
 */
export const requestLineLogger: Logger = pino(lineFormat, switchable);

/** A logger whose lines all carry `bindings` (a module name, a job): `childLogger({ module: "mail" })`. */
export function childLogger(bindings: Record<string, string | number | boolean>): Logger {
  return logger.child(bindings);
}

/**
 * Tests: every line from now on goes to `lines` (parsed) instead of stdout, at `level` or above, until
 * the returned function is called.
 */
export function captureLogsForTests(level: pino.LevelWithSilent = "info"): { lines: Record<string, unknown>[]; raw: string[]; stop: () => void } {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const previousLevel = logger.level;
  logger.level = level;
  requestLineLogger.level = level;
  capture = {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return {
    lines,
    raw,
    stop: () => {
      capture = null;
      logger.level = previousLevel;
      requestLineLogger.level = previousLevel;
    },
  };
}
