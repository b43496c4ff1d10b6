import { validationError } from "@/server/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

function tooLarge() {
  return validationError({ body: ["BODY_TOO_LARGE"] }, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
}

/** The raw body text, refused past 64 KiB without reading the rest. */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** An empty body means `{}`; anything else must be a JSON object. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw validationError({ body: ["MALFORMED_JSON"] }, "The body is not valid JSON.");
  }
}
