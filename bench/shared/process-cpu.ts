import { readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc times; 100 on every common Linux build. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process has used so far, from /proc; null where /proc is missing.
 * Read before and after a load run, it tells how much of the machine the server itself used.
 */
export async function processCpuSeconds(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds the whole machine has spent busy so far (user, nice, system, irq, softirq), from
 * /proc/stat. Read around a load run in which only one server is busy, it gives that run's whole
 * cost per request: the server, the database and the load generator together.
 */
export async function machineBusySeconds(): Promise<number> {
  const fields = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields;
  return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
}
