import type { VirtualAccountView } from '../../../../shared/service';

export interface AccountExportProps {
  profileId: string;
  view: VirtualAccountView;
}

/** An account's transactions for a date range as OFX or CSV (built on the h-export branch). */
export function AccountExport(_props: AccountExportProps) {
  return null;
}
