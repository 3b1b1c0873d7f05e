/**
 * Where the day's time goes: every function of an object wrapped to add its calls' wall time to a
 * phase named after it (the match job's repository and notifier steps), in milliseconds.
 */
export type Phases = Record<string, { calls: number; ms: number }>;

export function timed<T extends object>(target: T, phases: Phases, prefix: string, only?: ReadonlyArray<keyof T & string>): T {
  const out = { ...target } as Record<string, unknown>;
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function' || (only && !only.includes(name as keyof T & string))) continue;
    out[name] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        const phase = (phases[`${prefix}.${name}`] ??= { calls: 0, ms: 0 });
        phase.calls++;
        phase.ms += performance.now() - started;
      }
    };
  }
  return out as T;
}

/** The phases as seconds, rounded, largest first. */
export function phaseSeconds(phases: Phases): Record<string, { calls: number; seconds: number }> {
  return Object.fromEntries(
    Object.entries(phases)
      .sort(([, a], [, b]) => b.ms - a.ms)
      .map(([name, p]) => [name, { calls: p.calls, seconds: Math.round(p.ms / 10) / 100 }]),
  );
}
