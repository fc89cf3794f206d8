import fs from "node:fs";
import os from "node:os";

/** Busy, stolen and total CPU time of all cores so far, in clock ticks (ms where /proc is absent). */
export function machineCpu(): { busy: number; steal: number | null; total: number } {
  try {
    // user nice system idle iowait irq softirq steal …
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number) as [number, number, number, number, number, number, number, number];
    return {
      busy: user + nice + system + irq + softirq,
      steal,
      total: user + nice + system + idle + iowait + irq + softirq + steal,
    };
  } catch {
    let busy = 0;
    let total = 0;
    for (const { times } of os.cpus()) {
      const all = times.user + times.nice + times.sys + times.irq + times.idle;
      total += all;
      busy += all - times.idle;
    }
    return { busy, steal: null, total };
  }
}

/**
 * User and system CPU time so far of a process and its children (a cluster's workers), in ms
 * (Linux /proc; null elsewhere).
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  // Fields after the command name (which may hold spaces): ppid is the 4th, utime and stime the
  // 14th and 15th.
  const fieldsOf = (id: string) => {
    const stat = fs.readFileSync(`/proc/${id}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
  const ticksPerSecond = 100;
  try {
    let ticks = 0;
    for (const id of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(id)) continue;
      try {
        const fields = fieldsOf(id);
        if (id === String(pid) || fields[1] === String(pid))
          ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended while we looked
      }
    }
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** The server process and its children (a cluster's workers), from Linux /proc. */
export function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const ids = [pid];
  try {
    for (const id of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(id) || id === String(pid)) continue;
      try {
        const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
        if (/^PPid:\s+(\d+)/m.exec(status)?.[1] === String(pid)) ids.push(Number(id));
      } catch {
        // the process ended while we looked
      }
    }
  } catch {
    // no /proc: not Linux
  }
  return ids;
}

/** Resident memory (RSS) of these processes together, in MB (Linux /proc; 0 elsewhere). */
export function residentMb(ids: number[]): number {
  let kb = 0;
  for (const id of ids) {
    try {
      const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended
    }
  }
  return Math.round(kb / 1024);
}

/**
 * User and system CPU time so far of these processes together, in ms (Linux /proc); a process
 * that has ended counts nothing. Used for PostgreSQL's backends, which are not the server's children.
 */
export function processesCpuMs(ids: number[]): number {
  let ticks = 0;
  for (const id of ids) {
    try {
      const stat = fs.readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended
    }
  }
  return ticks * 10;
}
