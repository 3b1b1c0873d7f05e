/**
 * Signals within one process, delivered at once and in order to whoever listens: for caches that
 * must forget an answer the moment a change commits here. Unlike domain events they are not
 * durable and do not reach other processes (those caches expire on their own, within seconds).
 */
export interface LocalSignals<M> {
  on<K extends keyof M>(name: K, listener: (payload: M[K]) => void): void;
  emit<K extends keyof M>(name: K, ...payload: M[K] extends void ? [] : [M[K]]): void;
}

export function createLocalSignals<M>(): LocalSignals<M> {
  const listeners = new Map<keyof M, Array<(payload: never) => void>>();
  return {
    on(name, listener) {
      const list = listeners.get(name) ?? [];
      list.push(listener as (payload: never) => void);
      listeners.set(name, list);
    },
    emit(name, ...payload) {
      for (const listener of listeners.get(name) ?? []) (listener as (p: unknown) => void)(payload[0]);
    },
  };
}
