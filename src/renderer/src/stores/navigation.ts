import { create } from 'zustand';
import type { SectionId } from '../model/sections';

interface NavigationStore {
  section: SectionId;
  go(section: SectionId): void;
}

export const useNavigation = create<NavigationStore>()((set) => ({
  section: 'transactions',
  go: (section) => set({ section }),
}));
