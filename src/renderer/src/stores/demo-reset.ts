import { create } from 'zustand';
import type { DemoResetRun } from '../model/demo-reset-progress';

/** The Demo's reset on screen (Settings and Transactions show it until it is searchable). */
interface DemoResetStore {
  run: DemoResetRun | null;
  begin(transactions: number, now: number): void;
  prepProgress(done: number, total: number): void;
  prepared(now: number): void;
  failed(message: string): void;
  clear(): void;
}

export const useDemoReset = create<DemoResetStore>()((set) => ({
  run: null,
  begin: (transactions, now) => set({ run: { transactions, startedAt: now, prep: null } }),
  prepProgress: (done, total) =>
    set((s) => (s.run && s.run.preparedAt === undefined ? { run: { ...s.run, prep: { done, total } } } : s)),
  prepared: (now) =>
    set((s) =>
      s.run
        ? { run: { ...s.run, prep: s.run.prep ? { ...s.run.prep, done: s.run.prep.total } : null, preparedAt: now } }
        : s,
    ),
  failed: (message) => set((s) => (s.run ? { run: { ...s.run, error: message } } : s)),
  clear: () => set({ run: null }),
}));
