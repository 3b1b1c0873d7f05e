import os from 'node:os';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  platform: string;
  node: string;
  postgres?: string;
}

/** What the figures were measured on; numbers from a 2-core box and a laptop are not comparable. */
export function machineInfo(extra: { postgres?: string } = {}): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    ...extra,
  };
}

/** Load average over the last minute, to tell whether other work shared the machine. */
export function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}
