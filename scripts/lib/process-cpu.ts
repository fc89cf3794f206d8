import fs from "node:fs";

/** Linux reports CPU time in clock ticks of USER_HZ, which is 100 on every platform it runs on. */
const ticksPerSecond = 100;

/**
 * User and system CPU time so far of a process and its children (a cluster's workers), in ms
 * (Linux /proc; null elsewhere). The benchmarks read it before and after a run: CPU time per
 * response stays steady on a shared machine where wall-clock throughput does not.
 */
export function processTreeCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  // Fields after the command name (which may hold spaces): ppid is the 4th, utime and stime the
  // 14th and 15th.
  const fieldsOf = (id: string) => {
    const stat = fs.readFileSync(`/proc/${id}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
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
