import { createServer, type Server, type Socket } from "node:net";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * An SMTP server that accepts every mail (RFC 5321: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), on
 * 127.0.0.1 and a free port. The app's nodemailer transport speaks SMTP to it as to any server. Not the
 * smtp-server package: that one waits 100 ms before each greeting (to catch clients that talk first) and
 * looks the client's address up in DNS, about 200 ms for every mail the tests wait for.
 */
export async function startSmtpReceiver(onMail: (mail: ReceivedMail) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    converse(socket, onMail);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Same features as smtp-server announces by default, so nodemailer encodes mails as it did with it. */
const EHLO_REPLY = "250-capture\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n";
const END_OF_DATA = Buffer.from("\r\n.\r\n");

function converse(socket: Socket, onMail: (mail: ReceivedMail) => void): void {
  let pending = Buffer.alloc(0);
  let inData = false;
  let from = "";
  let to: string[] = [];
  const reply = (text: string) => socket.write(text.endsWith("\r\n") ? text : `${text}\r\n`);
  const address = (argument: string) => /<([^>]*)>/.exec(argument)?.[1] ?? argument.trim();

  function command(line: string): void {
    const verb = line.slice(0, 4).toUpperCase();
    const argument = line.slice(line.indexOf(":") + 1);
    if (verb === "EHLO") reply(EHLO_REPLY);
    else if (verb === "HELO") reply("250 capture");
    else if (verb === "MAIL") {
      from = address(argument);
      to = [];
      reply("250 Accepted");
    } else if (verb === "RCPT") {
      to.push(address(argument));
      reply("250 Accepted");
    } else if (verb === "DATA") {
      inData = true;
      reply("354 End data with <CR><LF>.<CR><LF>");
    } else if (verb === "RSET") {
      from = "";
      to = [];
      reply("250 Flushed");
    } else if (verb === "NOOP") reply("250 OK");
    else if (verb === "QUIT") socket.end("221 Bye\r\n");
    else reply("502 Command not implemented");
  }

  socket.on("data", (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (inData) {
        // The data ends with a line holding a single dot; the CRLF before it ends the mail's last line.
        const withLeadingBreak = Buffer.concat([Buffer.from("\r\n"), pending]);
        const end = withLeadingBreak.indexOf(END_OF_DATA);
        if (end < 0) return;
        const body = withLeadingBreak.subarray(2, end + 2).toString("utf8");
        pending = withLeadingBreak.subarray(end + END_OF_DATA.length);
        inData = false;
        // Dot-stuffing: a line the client started with an extra dot.
        onMail({ from, to, raw: body.replace(/^\.\./gm, ".") });
        reply("250 OK: message queued");
        continue;
      }
      const lineEnd = pending.indexOf("\r\n");
      if (lineEnd < 0) return;
      const line = pending.subarray(0, lineEnd).toString("utf8");
      pending = pending.subarray(lineEnd + 2);
      command(line);
    }
  });
  reply("220 capture ESMTP");
}
