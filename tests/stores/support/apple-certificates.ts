import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { X509Certificate } from "node:crypto";

/**
 * A certificate chain of our own in Apple's shape, made with the openssl CLI at set-up (no private key
 * is checked in): a root CA, an intermediate CA carrying Apple's intermediate marker
 * (1.2.840.113635.100.6.2.1) and a leaf carrying the App Store receipt-signing marker
 * (1.2.840.113635.100.6.11.1), all ECDSA P-256, the two checks @apple/app-store-server-library makes
 * beyond the signatures. The app trusts `rootPath` through APPLE_ROOT_CERTIFICATES, as it would a real
 * root.
 */
export type AppleChain = {
  rootPath: string;
  /** The signing key of the leaf, PKCS#8 PEM. */
  leafKey: string;
  /** x5c: leaf, intermediate, root (base64 DER). */
  x5c: [string, string, string];
  dispose: () => void;
};

const INTERMEDIATE_OID = "1.2.840.113635.100.6.2.1";
const LEAF_OID = "1.2.840.113635.100.6.11.1";

function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

function der(dir: string, pem: string): string {
  return new X509Certificate(readFileSync(join(dir, pem))).raw.toString("base64");
}

/** `leafMarker: false` leaves Apple's OID out of the leaf (a chain the library must refuse). */
export function makeAppleChain(options: { name?: string; leafMarker?: boolean } = {}): AppleChain {
  const dir = mkdtempSync(join(tmpdir(), "gamecoin-apple-chain-"));
  const name = options.name ?? "Gamecoin Test";
  const days = ["-days", "3650"];
  for (const key of ["root", "intermediate", "leaf"]) openssl(dir, ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", `${key}.ec.pem`]);
  for (const key of ["root", "intermediate", "leaf"]) openssl(dir, ["pkcs8", "-topk8", "-nocrypt", "-in", `${key}.ec.pem`, "-out", `${key}.key`]);
  writeFileSync(
    join(dir, "ext.cnf"),
    [
      "[req]",
      "distinguished_name = dn",
      "[dn]",
      "[root]",
      "basicConstraints = critical, CA:TRUE",
      "keyUsage = critical, keyCertSign, cRLSign",
      "subjectKeyIdentifier = hash",
      "[intermediate]",
      "basicConstraints = critical, CA:TRUE, pathlen:0",
      "keyUsage = critical, keyCertSign, cRLSign",
      `${INTERMEDIATE_OID} = ASN1:NULL`,
      "[leaf]",
      "basicConstraints = critical, CA:FALSE",
      "keyUsage = critical, digitalSignature",
      ...(options.leafMarker === false ? [] : [`${LEAF_OID} = ASN1:NULL`]),
      "",
    ].join("\n"),
  );
  openssl(dir, ["req", "-new", "-key", "root.key", "-subj", `/CN=${name} Root CA/O=${name}`, "-config", "ext.cnf", "-out", "root.csr"]);
  openssl(dir, ["x509", "-req", "-in", "root.csr", "-key", "root.key", ...days, "-extfile", "ext.cnf", "-extensions", "root", "-out", "root.pem"]);
  openssl(dir, ["req", "-new", "-key", "intermediate.key", "-subj", `/CN=${name} WWDR/O=${name}`, "-config", "ext.cnf", "-out", "intermediate.csr"]);
  openssl(dir, ["x509", "-req", "-in", "intermediate.csr", "-CA", "root.pem", "-CAkey", "root.key", "-CAcreateserial", ...days, "-extfile", "ext.cnf", "-extensions", "intermediate", "-out", "intermediate.pem"]);
  openssl(dir, ["req", "-new", "-key", "leaf.key", "-subj", `/CN=${name} App Store Signing/O=${name}`, "-config", "ext.cnf", "-out", "leaf.csr"]);
  openssl(dir, ["x509", "-req", "-in", "leaf.csr", "-CA", "intermediate.pem", "-CAkey", "intermediate.key", "-CAcreateserial", ...days, "-extfile", "ext.cnf", "-extensions", "leaf", "-out", "leaf.pem"]);
  // The root is trusted in DER (the form Apple publishes); the app reads PEM as well.
  const rootPath = join(dir, "root.cer");
  writeFileSync(rootPath, new X509Certificate(readFileSync(join(dir, "root.pem"))).raw);
  const leafKey = readFileSync(join(dir, "leaf.key"), "utf8");
  return {
    rootPath,
    leafKey,
    x5c: [der(dir, "leaf.pem"), der(dir, "intermediate.pem"), der(dir, "root.pem")],
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
