import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createTestGame, useDatabase } from "../harness";
import { sdkBaseUrl } from "./app-server";

useDatabase();

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL("../../sdk/", import.meta.url));
const distExisted = existsSync(path.join(sdkDir, "dist"));
const temporary: string[] = [];

afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
  // The build is a by-product of packing: leave the tree as it was.
  if (!distExisted) await rm(path.join(sdkDir, "dist"), { recursive: true, force: true });
});

/** Node code a studio would write after `npm install @gamecoin/sdk`, run in the fresh folder. */
const consumer = `
import { GamecoinServer, GamecoinBrowser, GamecoinError, verifyWebhook } from "@gamecoin/sdk";
import * as browser from "@gamecoin/sdk/browser";
const server = new GamecoinServer({ secretKey: process.env.KEY, baseUrl: process.env.BASE });
const catalog = await server.getCatalog();
const grant = await server.grantCurrency("ext:from tarball", { currency: "coins", amount: 2 });
let error = null;
try { await server.spendCurrency("ext:from tarball", { currency: "coins", amount: 5 }); } catch (e) { error = e; }
console.log(JSON.stringify({
  currencies: catalog.currencies.map((c) => c.code),
  total: grant.balance.total,
  error: error instanceof GamecoinError ? [error.status, error.code] : null,
  browserExports: Object.keys(browser).sort(),
  same: browser.GamecoinBrowser === GamecoinBrowser && typeof verifyWebhook === "function",
}));
`;

/**
 * A TypeScript project in CommonJS with `module: node16` (TS1479 before the package had a CommonJS
 * build): it must compile with strict types and run with Node's require.
 */
const commonJsConsumer = `
import { GamecoinServer, GamecoinError, verifyWebhook } from "@gamecoin/sdk";
import { GamecoinBrowser } from "@gamecoin/sdk/browser";

async function main(): Promise<void> {
  const server = new GamecoinServer({ secretKey: process.env.KEY ?? "", baseUrl: process.env.BASE ?? "" });
  const catalog = await server.getCatalog();
  let error: unknown = null;
  try {
    await server.spendCurrency("ext:from commonjs", { currency: "coins", amount: 5 });
  } catch (caught) {
    error = caught;
  }
  console.log(JSON.stringify({
    currencies: catalog.currencies.map((c) => c.code),
    error: error instanceof GamecoinError ? [error.status, error.code] : null,
    commonJs: typeof require === "function" && typeof module === "object",
    browser: typeof GamecoinBrowser === "function" && typeof verifyWebhook === "function",
  }));
}
void main();
`;

describe("npm pack of sdk/", () => {
  it("gives a tarball that installs in a fresh folder (no dependencies, offline) and works from Node", async () => {
    const packDir = await mkdtemp(path.join(tmpdir(), "gamecoin-sdk-pack-"));
    const appDir = await mkdtemp(path.join(tmpdir(), "gamecoin-sdk-app-"));
    temporary.push(packDir, appDir);
    // prepack builds dist/ with the root's TypeScript.
    await run("npm", ["pack", "--pack-destination", packDir, "--silent"], { cwd: sdkDir });
    const [tarball] = await readdir(packDir);
    expect(tarball).toBe("gamecoin-sdk-1.0.0.tgz");
    const listing = (await run("tar", ["-tzf", path.join(packDir, tarball ?? "")])).stdout.split("\n").filter(Boolean).sort();
    expect(listing).toContain("package/dist/index.js");
    expect(listing).toContain("package/dist/index.d.ts");
    expect(listing).toContain("package/dist/browser.js");
    expect(listing).toContain("package/dist/cjs/index.js");
    expect(listing).toContain("package/dist/cjs/index.d.ts");
    expect(listing).toContain("package/dist/cjs/package.json");
    expect(listing).toContain("package/README.md");
    expect(listing.filter((f) => !f.startsWith("package/dist/") && !["package/package.json", "package/README.md"].includes(f))).toEqual([]);

    await writeFile(path.join(appDir, "package.json"), JSON.stringify({ name: "studio-backend", private: true, type: "module" }));
    await run("npm", ["install", path.join(packDir, tarball ?? ""), "--offline", "--no-audit", "--no-fund", "--silent"], { cwd: appDir });
    await writeFile(path.join(appDir, "main.mjs"), consumer);
    const game = await createTestGame();
    const { stdout } = await run(process.execPath, ["main.mjs"], { cwd: appDir, env: { ...process.env, KEY: game.secretKey, BASE: await sdkBaseUrl() } });
    expect(JSON.parse(stdout)).toEqual({
      currencies: ["coins", "gems"],
      total: 2,
      error: [409, "INSUFFICIENT_FUNDS"],
      browserExports: ["GamecoinBrowser", "GamecoinError", "WebhookVerificationError", "verifyWebhook"],
      same: true,
    });

    // The same tarball in a CommonJS TypeScript project (no "type": "module"), module and resolution node16.
    const cjsDir = await mkdtemp(path.join(tmpdir(), "gamecoin-sdk-cjs-"));
    temporary.push(cjsDir);
    await writeFile(path.join(cjsDir, "package.json"), JSON.stringify({ name: "studio-backend-cjs", private: true }));
    await writeFile(
      path.join(cjsDir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { module: "node16", moduleResolution: "node16", target: "ES2022", lib: ["ES2022", "DOM"], types: [], strict: true, skipLibCheck: false } }),
    );
    await run("npm", ["install", path.join(packDir, tarball ?? ""), "--offline", "--no-audit", "--no-fund", "--silent"], { cwd: cjsDir });
    // Node's globals (require, module, process) without @types/node in the fresh folder.
    await writeFile(path.join(cjsDir, "globals.d.ts"), "declare const process: { env: Record<string, string | undefined> };\ndeclare const require: unknown;\ndeclare const module: unknown;\n");
    await writeFile(path.join(cjsDir, "main.ts"), commonJsConsumer);
    const tsc = fileURLToPath(new URL("../../node_modules/.bin/tsc", import.meta.url));
    await run(tsc, ["-p", "."], { cwd: cjsDir });
    const cjs = await run(process.execPath, ["main.js"], { cwd: cjsDir, env: { ...process.env, KEY: game.secretKey, BASE: await sdkBaseUrl() } });
    expect(JSON.parse(cjs.stdout)).toEqual({ currencies: ["coins", "gems"], error: [409, "INSUFFICIENT_FUNDS"], commonJs: true, browser: true });
  }, 180_000);
});
