/**
 * A DATABASE_URL in libpq's Unix-socket form (`?host=/var/run/postgresql`). postgres.js sent `host` to
 * the server as a setting ("unrecognized configuration parameter"), so the server started and answered
 * every request with a 500.
 */
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openDriver } from "@/db/client";
import { driverTarget } from "@/db/socket-url";

describe("driverTarget", () => {
  it("leaves a URL without a host parameter as it is", () => {
    expect(driverTarget("postgres://app:pw@db.internal:6432/gamecoin?sslmode=require")).toEqual({
      url: "postgres://app:pw@db.internal:6432/gamecoin?sslmode=require",
    });
    expect(driverTarget("postgres://postgres@127.0.0.1:5432/gamecoin")).toEqual({ url: "postgres://postgres@127.0.0.1:5432/gamecoin" });
  });

  it("takes the socket directory out of the query and keeps the other parameters", () => {
    expect(driverTarget("postgresql://app@/gamecoin?host=/var/run/postgresql&application_name=api")).toEqual({
      url: "postgresql://app@localhost/gamecoin?application_name=api",
      host: "/var/run/postgresql",
    });
  });

  it("reads a percent-encoded directory and an URL with no user", () => {
    expect(driverTarget("postgres:///gamecoin?host=%2Ftmp%2Fpg%20sockets")).toEqual({
      url: "postgres://localhost/gamecoin",
      host: "/tmp/pg sockets",
    });
  });

  it("passes a host name given as the parameter, as libpq takes it", () => {
    expect(driverTarget("postgresql://app@/gamecoin?host=db.internal&sslmode=require")).toEqual({
      url: "postgresql://app@localhost/gamecoin?sslmode=require",
      host: "db.internal",
    });
  });

  it("keeps a host named in the URL (the host option wins in the driver)", () => {
    expect(driverTarget("postgres://app:p%40ss@db:5433/gamecoin?host=/sockets")).toEqual({
      url: "postgres://app:p%40ss@db:5433/gamecoin",
      host: "/sockets",
    });
  });
});

const SOCKET_DIRECTORY = "/var/run/postgresql";
const databaseUrl = process.env.DATABASE_URL;
const hasSocket = existsSync(`${SOCKET_DIRECTORY}/.s.PGSQL.5432`);

describe.skipIf(!databaseUrl || !hasSocket)("a DATABASE_URL naming the Unix socket", () => {
  it("opens the pool over the socket", async () => {
    const { username, pathname } = new URL(databaseUrl as string);
    const handle = await openDriver({
      DATABASE_URL: `postgresql://${username}@${pathname}?host=${SOCKET_DIRECTORY}`,
      DATABASE_POOL_SIZE: 1,
      DATABASE_PREPARE: false,
      DATABASE_IDLE_SECONDS: 0,
      PGLITE_DATA_DIR: "",
    });
    try {
      const result = await handle.db.execute(sql`select current_database() as database, inet_server_addr() is not null as over_tcp`);
      const rows = z.array(z.object({ database: z.string(), over_tcp: z.boolean() })).parse(result);
      expect(rows).toEqual([{ database: pathname.slice(1), over_tcp: false }]);
    } finally {
      await handle.close();
    }
  });
});
