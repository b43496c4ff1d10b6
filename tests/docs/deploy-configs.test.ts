/**
 * docs/deploy.md shows the nginx and PgBouncer configurations that CI's as-deployed lane runs
 * (deploy/nginx/gamecoin.conf, deploy/pgbouncer/pgbouncer.ini): the page's blocks must be those files,
 * and the lane may change only what the page says it changes.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NGINX_CONFIG_FILE, PGBOUNCER_CONFIG_FILE, nginxSiteConfig, pgbouncerConfig } from "@/e2e/deployed/support/configs";

const page = readFileSync("docs/deploy.md", "utf8");
const nginx = readFileSync(NGINX_CONFIG_FILE, "utf8");
const pgbouncer = readFileSync(PGBOUNCER_CONFIG_FILE, "utf8");

function fencedBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp("^```" + language + "\\n([\\s\\S]*?)^```$", "gm"))].map((m) => m[1] ?? "");
}

function changedLines(before: string, after: string): string[] {
  const original = new Set(before.split("\n"));
  return after.split("\n").filter((line) => !original.has(line));
}

describe("docs/deploy.md and deploy/", () => {
  it("shows deploy/nginx/gamecoin.conf as its one nginx block, word for word", () => {
    expect(fencedBlocks(page, "nginx")).toEqual([nginx]);
  });

  it("shows deploy/pgbouncer/pgbouncer.ini in the PgBouncer section, word for word", () => {
    const section = page.slice(page.indexOf("### PgBouncer"), page.indexOf("## Redis"));
    expect(fencedBlocks(section, "ini")).toEqual([pgbouncer]);
  });

  it("runs on Debian 12's nginx 1.22: no `http2 on;` directive, and the transaction pool mode", () => {
    expect(nginx).not.toMatch(/^\s*http2 on;/m);
    expect(nginx).toContain("listen 443 ssl http2;");
    expect(pgbouncer).toMatch(/^pool_mode = transaction$/m);
  });

  it("lets the lane change only the names, certificate paths, upstream servers and listen ports of nginx", () => {
    const site = nginxSiteConfig(nginx, {
      serverName: "pay.gamecoin.test",
      certificate: "/tmp/lane/server.crt",
      certificateKey: "/tmp/lane/server.key",
      upstreams: ["127.0.0.1:4301", "127.0.0.1:4302"],
      httpPort: 8080,
      httpsPort: 8443,
    });
    expect(changedLines(nginx, site)).toEqual([
      "    server 127.0.0.1:4301;",
      "    server 127.0.0.1:4302;",
      "    listen 127.0.0.1:8080;",
      "    server_name pay.gamecoin.test;",
      "    listen 127.0.0.1:8443 ssl http2;             # nginx 1.25.1+ prefers \"listen 443 ssl;\" plus \"http2 on;\"",
      "    server_name pay.gamecoin.test;",
      "    ssl_certificate     /tmp/lane/server.crt;",
      "    ssl_certificate_key /tmp/lane/server.key;",
    ]);
  });

  it("lets the lane change only the database line, the port and the paths of PgBouncer", () => {
    const site = pgbouncerConfig(pgbouncer, { postgresHost: "127.0.0.1", postgresPort: 5432, database: "gamecoin_lane", listenPort: 6433, dir: "/tmp/lane" });
    expect(changedLines(pgbouncer, site)).toEqual([
      "gamecoin = host=127.0.0.1 port=5432 dbname=gamecoin_lane",
      "listen_port = 6433",
      "auth_file = /tmp/lane/userlist.txt",
      "logfile = /tmp/lane/pgbouncer.log",
      "pidfile = /tmp/lane/pgbouncer.pid",
    ]);
  });

  it("refuses a configuration whose replaced text moved (the lane would run something else)", () => {
    expect(() => nginxSiteConfig(nginx.replace("listen 80;", "listen 81;"), { serverName: "a", certificate: "b", certificateKey: "c", upstreams: ["d"], httpPort: 1, httpsPort: 2 })).toThrow(
      "deploy/nginx/gamecoin.conf: expected 1 × listen 80;, found 0",
    );
  });
});
