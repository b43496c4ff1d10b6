import { connect, type Socket } from "node:net";

export type RawAnswer = { statusLine: string; headers: Record<string, string>; body: string };

/** An HTTP/1.1 answer read until the server closed the connection (chunked bodies decoded). */
export function parseRawAnswer(raw: string): RawAnswer {
  const split = raw.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = raw.slice(0, split).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  let body = raw.slice(split + 4);
  if (headers["transfer-encoding"] === "chunked") {
    let decoded = "";
    for (;;) {
      const end = body.indexOf("\r\n");
      const size = parseInt(body.slice(0, end), 16);
      if (!size) break;
      decoded += body.slice(end + 2, end + 2 + size);
      body = body.slice(end + 2 + size + 2);
    }
    body = decoded;
  }
  return { statusLine, headers, body };
}

/**
 * A readiness probe on a connection opened before shutdown: the request line and a header are sent
 * now, the end of the headers later (`finish`), so the request arrives on a connection that was open
 * (and not idle) when the server stopped accepting new ones.
 */
export async function openReadyProbe(port: number): Promise<{ finish: () => Promise<RawAnswer> }> {
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
    s.once("error", reject);
  });
  const chunks: Buffer[] = [];
  const ended = new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
  socket.write(`GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  return {
    finish: async () => {
      socket.write("\r\n");
      return parseRawAnswer(await ended);
    },
  };
}
