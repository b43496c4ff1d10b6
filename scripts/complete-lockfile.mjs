// The registry this project installs from only serves packages for this machine's platform, so npm
// leaves other platforms' optional binaries (e.g. @next/swc-darwin-arm64) out of package-lock.json,
// and `npm ci` then refuses the lockfile as "out of sync". This adds those optional entries with the
// os/cpu npm needs to skip them, so `npm ci` works here and anywhere else.
// Run after `npm install` changes the lockfile: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const os = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "sunos", "aix", "netbsd"].find((o) => name.includes(`-${o}`));
  const cpu = ["arm64", "x64", "ia32", "arm", "wasm32", "riscv64", "ppc64", "s390x", "loong64", "mips64el"].find((c) =>
    new RegExp(`-${c}(?:-|$)`).test(name),
  );
  const libc = name.includes("-musl") ? "musl" : name.includes("-gnu") ? "glibc" : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location === "" ? "" : `${location}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    const version = String(spec).replace(/^[\^~=]/, "");
    const added_entry = { version, optional: true };
    if (entry.dev) added_entry.dev = true;
    if (os) added_entry.os = [os];
    if (cpu) added_entry.cpu = [cpu];
    if (libc) added_entry.libc = [libc];
    packages[`node_modules/${dep}`] = added_entry;
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
