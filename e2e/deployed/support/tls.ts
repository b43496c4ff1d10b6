/**
 * The lane's own certificate authority and the server certificate nginx serves for the public name,
 * made with openssl in the run's temporary directory (nothing is installed in the system's trust store).
 */
import { execFile } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type LaneCertificates = { caFile: string; certificate: string; certificateKey: string; spki: string };

/** base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what Chromium's --ignore-certificate-errors-spki-list takes. */
export function spkiHash(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("base64");
}

export async function makeCertificates(dir: string, host: string): Promise<LaneCertificates> {
  const file = (name: string) => path.join(dir, name);
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  await run("openssl", ["req", "-x509", ...ec, "-keyout", file("ca.key"), "-out", file("ca.crt"), "-days", "2", "-subj", "/CN=Gamecoin as-deployed lane CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"]);
  await run("openssl", ["req", ...ec, "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", `/CN=${host}`]);
  await writeFile(file("server.ext"), [`subjectAltName=DNS:${host}`, "basicConstraints=CA:FALSE", "keyUsage=critical,digitalSignature", "extendedKeyUsage=serverAuth", ""].join("\n"));
  await run("openssl", ["x509", "-req", "-in", file("server.csr"), "-CA", file("ca.crt"), "-CAkey", file("ca.key"), "-CAcreateserial", "-out", file("server.crt"), "-days", "2", "-extfile", file("server.ext")]);
  const leaf = await readFile(file("server.crt"), "utf8");
  // nginx sends the chain (leaf, then CA) as a public CA's fullchain.pem would.
  await writeFile(file("fullchain.pem"), leaf + (await readFile(file("ca.crt"), "utf8")));
  return { caFile: file("ca.crt"), certificate: file("fullchain.pem"), certificateKey: file("server.key"), spki: spkiHash(leaf) };
}
