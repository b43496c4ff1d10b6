import "server-only";
import { validationError } from "@/server/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

export function bodyTooLarge() {
  return validationError({ body: ["BODY_TOO_LARGE"] }, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
}

/** The raw body bytes of a web Request, refused past 64 KiB without reading the rest. */
export async function readWebBody(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
