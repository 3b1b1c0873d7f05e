import type { AuthenticationState } from './payment-provider.ts';
import type { CardProfile, Sca } from './simulated-cards.ts';

/** A 3-D Secure authentication as the simulator keeps it: the test card's kind (its number follows from it) and where it stands. */
export interface StoredAuthentication {
  sca: Sca;
  state: AuthenticationState;
}

/**
 * Where the simulator keeps its 3-D Secure authentications: in memory by default, or in the database
 * (simulated-authentications-repository.ts) so a challenge outlives a restart of the process.
 */
export interface AuthenticationStore {
  save(id: string, authentication: StoredAuthentication): Promise<void>;
  get(id: string): Promise<StoredAuthentication | undefined>;
  /** Moves a pending authentication to `state`; one already answered stays as it is. */
  settle(id: string, state: 'authenticated' | 'failed'): Promise<void>;
}

/**
 * Where the simulator keeps saved payment methods: in memory by default, or in the database
 * (simulated-payment-methods-repository.ts) so an off-session authorisation scheduled before a
 * restart of the process still finds its card.
 */
export interface PaymentMethodStore {
  save(id: string, card: CardProfile): Promise<void>;
  get(id: string): Promise<CardProfile | undefined>;
}

export function createMemoryAuthenticationStore(): AuthenticationStore {
  const map = new Map<string, StoredAuthentication>();
  return {
    save: async (id, a) => void map.set(id, { ...a }),
    get: async (id) => map.get(id),
    async settle(id, state) {
      const found = map.get(id);
      if (found?.state === 'pending') found.state = state;
    },
  };
}

export function createMemoryPaymentMethodStore(): PaymentMethodStore {
  const map = new Map<string, CardProfile>();
  return {
    save: async (id, card) => void map.set(id, { ...card }),
    get: async (id) => map.get(id),
  };
}
