import { connect, type Socket } from "node:net";

/**
 * A readiness probe on a connection opened before shutdown: the request line and a header are sent
 * now, the end of the headers later (`finish`), so the request arrives on a connection that was open
 * (and not idle) when the server stopped accepting new ones.
 */
export async function openReadyProbe(port: number): Promise<{ finish: () => Promise<string> }> {
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
      return ended;
    },
  };
}
