import { create } from 'zustand';

/** A payee chosen elsewhere (the Directory's "Pay this handle") for the payment form to start from. */
export interface PaymentPrefill {
  profileId: string;
  svcHandle: string;
  name: string;
}

interface PaymentPrefillStore {
  prefill: PaymentPrefill | null;
  offer(prefill: PaymentPrefill): void;
  /** Hands the prefill to the form of its profile once; another profile's form leaves it. */
  take(profileId: string): PaymentPrefill | null;
}

export const usePaymentPrefill = create<PaymentPrefillStore>()((set, get) => ({
  prefill: null,
  offer: (prefill) => set({ prefill }),
  take: (profileId) => {
    const p = get().prefill;
    if (!p || p.profileId !== profileId) return null;
    set({ prefill: null });
    return p;
  },
}));
