import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * A process's CPU time so far (user + system, all its threads), in ms, from /proc/<pid>/stat
 * (fields 14 and 15 of the line, 11 and 12 after the command). NaN when the process is gone.
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** The MariaDB server's process when it runs on this machine (its CPU is the rest of the box's budget), else null. */
export function databasePid(): number | null {
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const name = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      if (name === "mariadbd" || name === "mysqld") return Number(entry);
    }
  } catch {
    // No /proc: not Linux.
  }
  return null;
}
