import type { Copied, Result, RevealAuditList, RevealedSecrets, SimulatedPurchase } from '../../../shared/ipc';
import { callMain } from './bridge';

/**
 * Card secrets and the clipboard, through main. Nothing here keeps what passes through: the
 * number and code go straight back to the one component that asked.
 */
export const cardSecrets = {
  reveal: (arg: { profileId: string; cardId: string; pan: boolean; cvv: boolean }): Promise<Result<RevealedSecrets>> =>
    callMain((api) => api.cards.reveal(arg)),
  reveals: (arg: { profileId: string; cardId?: string }): Promise<Result<RevealAuditList>> =>
    callMain((api) => api.audit.reveals(arg)),
};

export const clipboard = {
  /** A secret: main clears the clipboard after a while and on quit, if it still holds it. */
  copySecret: (text: string): Promise<Result<Copied>> => callMain((api) => api.clipboard.copySecret({ text })),
  copy: (text: string): Promise<Result<Copied>> => callMain((api) => api.clipboard.copy({ text })),
};

export const demoCards = {
  authorize: (arg: {
    profileId: string;
    cardId: string;
    amountCents: number;
    merchantName?: string;
    mcc?: string;
    country?: string;
  }): Promise<Result<SimulatedPurchase>> => callMain((api) => api.demo.authorize(arg)),
};
