/**
 * The lane runs the checked-in nginx and PgBouncer configurations (deploy/), the very text docs/deploy.md
 * shows. Only what a studio must change anyway is replaced: names, certificate paths, upstream servers,
 * ports, the database line and file paths. Each replaced text must be found exactly as often as
 * expected, so a changed file fails here instead of silently running something else.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const NGINX_CONFIG_FILE = path.join("deploy", "nginx", "gamecoin.conf");
export const PGBOUNCER_CONFIG_FILE = path.join("deploy", "pgbouncer", "pgbouncer.ini");

type Replacement = { from: string | RegExp; to: string; count: number };

function replaceExactly(text: string, replacements: Replacement[], file: string): string {
  let out = text;
  for (const { from, to, count } of replacements) {
    const pattern = typeof from === "string" ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g") : new RegExp(from.source, "gm");
    const found = out.match(pattern)?.length ?? 0;
    if (found !== count) throw new Error(`${file}: expected ${count} × ${String(from)}, found ${found}; update e2e/deployed/support/configs.ts with the file`);
    out = out.replace(pattern, () => to);
  }
  return out;
}

export type NginxSite = { serverName: string; certificate: string; certificateKey: string; upstreams: string[]; httpPort: number; httpsPort: number };

/** deploy/nginx/gamecoin.conf with the site's names, certificate, instances and ports. */
export function nginxSiteConfig(source: string, site: NginxSite): string {
  return replaceExactly(
    source,
    [
      { from: /^ {4}server 10\.0\.0\.11:3000;\n {4}server 10\.0\.0\.12:3000;$/, to: site.upstreams.map((u) => `    server ${u};`).join("\n"), count: 1 },
      { from: "server_name pay.example.com;", to: `server_name ${site.serverName};`, count: 2 },
      { from: "ssl_certificate     /etc/letsencrypt/live/pay.example.com/fullchain.pem;", to: `ssl_certificate     ${site.certificate};`, count: 1 },
      { from: "ssl_certificate_key /etc/letsencrypt/live/pay.example.com/privkey.pem;", to: `ssl_certificate_key ${site.certificateKey};`, count: 1 },
      { from: "listen 80;", to: `listen 127.0.0.1:${site.httpPort};`, count: 1 },
      { from: "listen 443 ssl http2;", to: `listen 127.0.0.1:${site.httpsPort} ssl http2;`, count: 1 },
    ],
    NGINX_CONFIG_FILE,
  );
}

/** The main nginx.conf of the lane around the site: everything nginx writes goes to `dir`. */
export function nginxMainConfig(dir: string, siteFile: string, runAsRoot: boolean): string {
  return [
    runAsRoot ? "user root;" : "",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 256; }",
    "http {",
    `    access_log ${dir}/access.log;`,
    `    client_body_temp_path ${dir}/client_body;`,
    `    proxy_temp_path ${dir}/proxy;`,
    `    fastcgi_temp_path ${dir}/fastcgi;`,
    `    uwsgi_temp_path ${dir}/uwsgi;`,
    `    scgi_temp_path ${dir}/scgi;`,
    `    include ${siteFile};`,
    "}",
    "",
  ].join("\n");
}

export type PgBouncerSite = { postgresHost: string; postgresPort: number; database: string; listenPort: number; dir: string };

/** deploy/pgbouncer/pgbouncer.ini pointed at the lane's database, port and files. */
export function pgbouncerConfig(source: string, site: PgBouncerSite): string {
  return replaceExactly(
    source,
    [
      { from: "gamecoin = host=db.internal port=5432 dbname=gamecoin", to: `gamecoin = host=${site.postgresHost} port=${site.postgresPort} dbname=${site.database}`, count: 1 },
      { from: "listen_port = 6432", to: `listen_port = ${site.listenPort}`, count: 1 },
      { from: "auth_file = /etc/pgbouncer/userlist.txt", to: `auth_file = ${site.dir}/userlist.txt`, count: 1 },
      { from: "logfile = /var/log/postgresql/pgbouncer.log", to: `logfile = ${site.dir}/pgbouncer.log`, count: 1 },
      { from: "pidfile = /var/run/postgresql/pgbouncer.pid", to: `pidfile = ${site.dir}/pgbouncer.pid`, count: 1 },
    ],
    PGBOUNCER_CONFIG_FILE,
  );
}

export function readRepoFile(root: string, file: string): string {
  return readFileSync(path.join(root, file), "utf8");
}
