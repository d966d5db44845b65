import { create } from 'zustand';
import type { SectionId } from '../model/sections';

interface NavigationStore {
  section: SectionId;
  go(section: SectionId): void;
}

export const useNavigation = create<NavigationStore>()((set) => ({
  // The first screen after the welcome: where the money is and where it is going.
  section: 'dashboard',
  go: (section) => set({ section }),
}));
