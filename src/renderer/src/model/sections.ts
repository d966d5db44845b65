/**
 * The product's sections, in sidebar order. Kept free of components so stores can import the
 * ids without pulling in every screen. The shortcut is Ctrl/⌘ + the key (the shell's "Go to"
 * actions bind it, and the sidebar and the shortcuts sheet show those bindings). The Dashboard came
 * after the ten digits were taken: it has D rather than 1, so no section's digit changed. Webhooks
 * moved into Settings (Developer) and kept its 8: the shell's "Go to Webhooks" opens it there.
 */
export const SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', key: 'D' },
  { id: 'transactions', label: 'Transactions', key: '1' },
  { id: 'cards', label: 'Cards', key: '2' },
  { id: 'card-groups', label: 'Card groups', key: '3' },
  { id: 'accounts', label: 'Accounts', key: '4' },
  { id: 'transfers', label: 'Transfers', key: '5' },
  { id: 'payments', label: 'Payments', key: '6' },
  { id: 'approvals', label: 'Approvals', key: '7' },
  { id: 'directory', label: 'Directory', key: '9' },
  { id: 'settings', label: 'Settings', key: '0' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];
export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((s) => s.id);
