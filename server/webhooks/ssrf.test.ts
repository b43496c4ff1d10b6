import { describe, expect, it } from "vitest";
import { endpointUrlProblem } from "./endpoint-url";
import { AddressNotAllowedError, addressProblem, nameProblem, resolveAllowed, type Resolve } from "./ssrf";

const refused = [
  ["10.0.0.1", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["127.0.0.1", "loopback"],
  ["127.8.9.10", "loopback"],
  ["169.254.169.254", "linkLocal"],
  ["100.64.0.1", "carrierGradeNat"],
  ["100.127.255.254", "carrierGradeNat"],
  ["0.0.0.0", "unspecified"],
  ["224.0.0.1", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["240.0.0.1", "reserved"],
  ["192.0.2.10", "reserved"],
  ["::1", "loopback"],
  ["::", "unspecified"],
  ["fe80::1", "linkLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd12:3456::1", "uniqueLocal"],
  ["ff02::1", "multicast"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:169.254.169.254", "linkLocal"],
  ["::7f00:1", "loopback"], // IPv4-compatible ::127.0.0.1
  ["::a9fe:a9fe", "linkLocal"], // IPv4-compatible ::169.254.169.254
  ["64:ff9b::a00:1", "rfc6052"], // NAT64 of 10.0.0.1
  ["2002:a00:1::", "6to4"],
] as const;

describe("addressProblem", () => {
  it.each(refused)("refuses %s (%s)", (address, range) => {
    expect(addressProblem(address, { allowLoopback: false })).toBe(`${address} is in a non-public range (${range})`);
  });

  it("allows public unicast addresses, also IPv4-mapped ones", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "100.128.0.1", "172.32.0.1"]) {
      expect(addressProblem(address, { allowLoopback: false })).toBeNull();
    }
  });

  it("allows loopback only when asked, and never through an IPv4-mapped or -compatible form", () => {
    expect(addressProblem("127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(addressProblem("::1", { allowLoopback: true })).toBeNull();
    expect(addressProblem("::ffff:127.0.0.1", { allowLoopback: true })).not.toBeNull();
    expect(addressProblem("::7f00:1", { allowLoopback: true })).not.toBeNull();
    expect(addressProblem("10.0.0.1", { allowLoopback: true })).not.toBeNull();
  });
});

describe("nameProblem", () => {
  it.each(["intranet", "metadata", "printer.local", "db.internal", "app.localhost", "nas.home.arpa", "router.lan", "mail.corp", "x.localdomain"])(
    "refuses the internal name %s",
    (name) => {
      expect(nameProblem(name, "live")).toMatch(/internal host names/);
      expect(nameProblem(name, "test")).toMatch(/internal host names/);
    },
  );

  it("allows localhost in test only, and ordinary public names", () => {
    expect(nameProblem("localhost", "test")).toBeNull();
    expect(nameProblem("LOCALHOST.", "test")).toBeNull();
    expect(nameProblem("localhost", "live")).toBe("localhost is allowed in the test environment only");
    expect(nameProblem("hooks.example.com", "live")).toBeNull();
    expect(nameProblem("hooks.example.com.", "live")).toBeNull();
  });
});

describe("endpointUrlProblem", () => {
  const cases: [string, "test" | "live", string | null][] = [
    ["https://hooks.example.com/in", "live", null],
    ["https://hooks.example.com:8443/in?x=1", "live", null],
    ["http://hooks.example.com/in", "live", "Must use https"],
    ["http://hooks.example.com/in", "test", "Must use https (http is allowed to localhost in test only)"],
    ["http://localhost:4000/hooks", "test", null],
    ["http://127.0.0.1:4000/hooks", "test", null],
    ["http://[::1]:4000/hooks", "test", null],
    ["https://localhost/hooks", "live", "Address not allowed: localhost is allowed in the test environment only"],
    ["https://127.0.0.1/hooks", "live", "Address not allowed: 127.0.0.1 is in a non-public range (loopback)"],
    ["https://[::1]/hooks", "live", "Address not allowed: ::1 is in a non-public range (loopback)"],
    ["http://[::ffff:127.0.0.1]/hooks", "test", "Address not allowed: ::ffff:7f00:1 is in a non-public range (loopback)"],
    ["https://2130706433/hooks", "live", "Address not allowed: 127.0.0.1 is in a non-public range (loopback)"],
    ["https://0x7f.1/hooks", "live", "Address not allowed: 127.0.0.1 is in a non-public range (loopback)"],
    ["https://10.0.0.1/hooks", "test", "Address not allowed: 10.0.0.1 is in a non-public range (private)"],
    ["https://user:pw@hooks.example.com/", "live", "Must not contain a user name or password"],
    ["ftp://hooks.example.com/", "live", "Must use https"],
    ["hooks.example.com/in", "live", "Must be an absolute URL (https://…)"],
    ["https://metadata/computeMetadata", "live", "Address not allowed: internal host names (without a dot) are not allowed"],
  ];
  it.each(cases)("%s in %s", (url, env, problem) => {
    expect(endpointUrlProblem(url, env)).toBe(problem);
  });
});

describe("resolveAllowed", () => {
  const resolveTo =
    (map: Record<string, string[]>): Resolve =>
    async (name) =>
      map[name] ?? [];

  it("checks every address a name resolves to", async () => {
    const resolve = resolveTo({ "good.example.com": ["93.184.216.34"], "evil.example.com": ["93.184.216.34", "10.0.0.5"], "empty.example.com": [] });
    await expect(resolveAllowed("good.example.com", "live", resolve)).resolves.toEqual(["93.184.216.34"]);
    await expect(resolveAllowed("evil.example.com", "live", resolve)).rejects.toBeInstanceOf(AddressNotAllowedError);
    await expect(resolveAllowed("empty.example.com", "live", resolve)).rejects.toThrow(/no address/);
  });

  it("does not ask DNS about IP literals or refused names", async () => {
    const asked: string[] = [];
    const resolve: Resolve = async (name) => {
      asked.push(name);
      return ["93.184.216.34"];
    };
    await expect(resolveAllowed("[::1]", "live", resolve)).rejects.toThrow(/loopback/);
    await expect(resolveAllowed("printer.local", "live", resolve)).rejects.toThrow(/internal/);
    await expect(resolveAllowed("8.8.8.8", "live", resolve)).resolves.toEqual(["8.8.8.8"]);
    expect(asked).toEqual([]);
  });

  it("lets localhost resolve to loopback in test only; a public name resolving to loopback is refused even in test", async () => {
    const resolve = resolveTo({ localhost: ["127.0.0.1", "::1"], "sneaky.example.com": ["127.0.0.1"] });
    await expect(resolveAllowed("localhost", "test", resolve)).resolves.toEqual(["127.0.0.1", "::1"]);
    await expect(resolveAllowed("localhost", "live", resolve)).rejects.toThrow(/test environment only/);
    await expect(resolveAllowed("sneaky.example.com", "test", resolve)).rejects.toThrow(/loopback/);
  });
});
