/**
 * Linux /proc readers for the bench: resident memory of a process group and CPU time of processes,
 * so the report can show the server's peak RSS and how the 2 cores were split between Node and Postgres.
 */
import { readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";

export type ProcStat = { pid: number; comm: string; ppid: number; pgrp: number; cpuTicks: number; startTicks: number };

let ticksPerSecond: number | undefined;

/** USER_HZ, almost always 100. */
export function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm may contain spaces and parentheses: the fields after it start after the last ")".
    const open = text.indexOf("(");
    const close = text.lastIndexOf(")");
    const comm = text.slice(open + 1, close);
    const fields = text.slice(close + 2).split(" ");
    // fields[0] = state (field 3); ppid = field 4, pgrp = 5, utime = 14, stime = 15
    const ppid = Number(fields[1]);
    const pgrp = Number(fields[2]);
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    const startTicks = Number(fields[19]); // field 22: start time after boot, in clock ticks
    return { pid, comm, ppid, pgrp, cpuTicks, startTicks };
  } catch {
    return null; // the process exited meanwhile
  }
}

export function allProcesses(): ProcStat[] {
  const list: ProcStat[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) list.push(stat);
  }
  return list;
}

/** The processes of group `pgid` plus every descendant of `rootPid` (a child could change its group). */
export function processTree(rootPid: number, processes = allProcesses()): ProcStat[] {
  const members = new Map<number, ProcStat>();
  for (const p of processes) if (p.pgrp === rootPid || p.pid === rootPid) members.set(p.pid, p);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of processes) {
      if (!members.has(p.pid) && members.has(p.ppid)) {
        members.set(p.pid, p);
        grew = true;
      }
    }
  }
  return [...members.values()];
}

/** VmRSS in bytes, 0 when the process is gone or is a kernel thread. */
export function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Clock ticks since boot (the unit of a process's start time). */
function uptimeTicks(): number {
  const seconds = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
  return Math.floor(seconds * clockTicks());
}

/** Total and idle jiffies of the whole machine (first line of /proc/stat). */
export function machineTicks(): { total: number; idle: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0); // idle + iowait
  return { total, idle };
}

export type RssSample = { at: number; totalBytes: number; byProcess: { pid: number; comm: string; bytes: number }[] };

/** Samples the summed RSS of a process tree every `intervalMs` and keeps the peak. */
export class RssSampler {
  private timer: NodeJS.Timeout | undefined;
  peak: RssSample = { at: 0, totalBytes: 0, byProcess: [] };
  /** Peak since the last resetWindow(): one scenario's peak. */
  windowPeakBytes = 0;
  samples = 0;
  /** one point a second: seconds since start, summed RSS in MB */
  timeline: [number, number][] = [];
  private startedAt = Date.now();

  constructor(
    private readonly rootPid: number,
    private readonly intervalMs = 250,
  ) {}

  sample(): RssSample {
    const byProcess = processTree(this.rootPid).map((p) => ({ pid: p.pid, comm: p.comm, bytes: rssBytes(p.pid) }));
    const current = { at: Date.now(), totalBytes: byProcess.reduce((sum, p) => sum + p.bytes, 0), byProcess };
    if (this.samples % Math.max(1, Math.round(1000 / this.intervalMs)) === 0) {
      this.timeline.push([Math.round((current.at - this.startedAt) / 1000), Math.round(current.totalBytes / 1024 / 102.4) / 10]);
    }
    this.samples += 1;
    if (current.totalBytes > this.peak.totalBytes) this.peak = current;
    if (current.totalBytes > this.windowPeakBytes) this.windowPeakBytes = current.totalBytes;
    return current;
  }

  resetWindow(): void {
    this.windowPeakBytes = 0;
  }

  start(): void {
    this.startedAt = Date.now();
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Average cores busy in each part over a window (2.0 = both cores of this machine). */
export type CpuSplit = {
  seconds: number;
  serverCores: number; // the server's process tree
  postgresCores: number; // every postgres process (backends of this bench and of anyone else)
  loadGeneratorCores: number; // wrk, and this process (samplers; autocannon when it sends the load)
  pgbenchCores: number;
  otherProcessesCores: number; // everything else: other people's builds, tests, dev servers…
  machineBusyCores: number; // from /proc/stat, includes kernel time not charged to a process
  /** /proc/stat ticks per second and core: below USER_HZ means the vCPUs were not running (host steal) */
  machineTicksPerCoreSecond: number;
};

/**
 * Samples the CPU time of every process every `intervalMs` and adds up the increments by role, so
 * processes that start and exit inside the window (pgbench backends) are counted too.
 */
export class CpuTracker {
  private timer: NodeJS.Timeout | undefined;
  private last = new Map<number, { ticks: number; startTicks: number }>();
  private windowStartTicks = Infinity;
  private sums = { server: 0, postgres: 0, loadGenerator: 0, pgbench: 0, other: 0 };
  private startedAt = 0;
  private machineStart = { total: 0, idle: 0 };

  constructor(
    private readonly serverPid: () => number | null,
    private readonly intervalMs = 500,
  ) {}

  private tick(): void {
    const processes = allProcesses();
    const serverPid = this.serverPid();
    const server = new Set(serverPid === null ? [] : processTree(serverPid, processes).map((p) => p.pid));
    const next = new Map<number, { ticks: number; startTicks: number }>();
    for (const p of processes) {
      next.set(p.pid, { ticks: p.cpuTicks, startTicks: p.startTicks });
      const previous = this.last.get(p.pid);
      // A process not seen before (or a reused pid) that started inside the window: all its time counts.
      const delta =
        previous && previous.startTicks === p.startTicks ? p.cpuTicks - previous.ticks : p.startTicks >= this.windowStartTicks ? p.cpuTicks : 0;
      if (delta <= 0) continue;
      if (server.has(p.pid)) this.sums.server += delta;
      else if (p.pid === process.pid || p.comm === "wrk") this.sums.loadGenerator += delta;
      else if (p.comm === "postgres" || p.comm.startsWith("postgres:")) this.sums.postgres += delta;
      else if (p.comm === "pgbench") this.sums.pgbench += delta;
      else this.sums.other += delta;
    }
    this.last = next;
  }

  start(): void {
    this.windowStartTicks = Infinity;
    // The baseline. Against the previous window's last reading it adds everything since (a warm-up, the
    // bench's own work between phases), so the sums are zeroed after it, not before.
    this.tick();
    this.sums = { server: 0, postgres: 0, loadGenerator: 0, pgbench: 0, other: 0 };
    this.startedAt = Date.now();
    this.windowStartTicks = uptimeTicks();
    this.machineStart = machineTicks();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): CpuSplit {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.tick();
    const hz = clockTicks();
    const seconds = (Date.now() - this.startedAt) / 1000;
    const machine = machineTicks();
    const busyTicks = machine.total - this.machineStart.total - (machine.idle - this.machineStart.idle);
    const cores = (ticks: number) => Math.round((ticks / hz / seconds) * 100) / 100;
    return {
      seconds: Math.round(seconds * 100) / 100,
      serverCores: cores(this.sums.server),
      postgresCores: cores(this.sums.postgres),
      loadGeneratorCores: cores(this.sums.loadGenerator),
      pgbenchCores: cores(this.sums.pgbench),
      otherProcessesCores: cores(this.sums.other),
      // /proc/stat counts per CPU: total ticks over both cores
      machineBusyCores: Math.round(((busyTicks / (machine.total - this.machineStart.total)) * os.cpus().length) * 100) / 100,
      machineTicksPerCoreSecond: Math.round((machine.total - this.machineStart.total) / os.cpus().length / seconds),
    };
  }
}

/** Busy cores of the whole machine over `ms` (for waiting until other people's jobs are done). */
export async function machineBusyCores(ms: number): Promise<number> {
  const before = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTicks();
  const total = after.total - before.total;
  if (total <= 0) return 0;
  return ((total - (after.idle - before.idle)) / total) * os.cpus().length;
}
