import type { VirtualAccountView } from '../../../../shared/service';

export interface OfframpPanelProps {
  profileId: string;
  view: VirtualAccountView;
  /** False while the profile is offline: creating a wallet needs the service. */
  online: boolean;
}

/** The account's off-ramp wallets and a form to create one (built on the h-offramp branch). */
export function OfframpPanel(_props: OfframpPanelProps) {
  return null;
}
