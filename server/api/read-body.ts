import "server-only";
import { validationError } from "@/server/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

export function bodyTooLarge(maxBytes: number = MAX_BODY_BYTES) {
  return validationError({ body: ["BODY_TOO_LARGE"] }, `The body is larger than ${maxBytes} bytes.`);
}

/** The raw body bytes of a web Request, refused past `maxBytes` (the API's 64 KiB) without reading the rest. */
export async function readWebBody(request: Request, maxBytes: number = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
