import type { VirtualAccountView } from '../../../../shared/service';
import { AccountExport } from './AccountExport';
import { OfframpPanel } from './OfframpPanel';

interface Props {
  profileId: string;
  view: VirtualAccountView;
  /** Every cached account (closed too): where a balance can move before a close. */
  all: readonly VirtualAccountView[];
  online: boolean;
  asOf: number | null;
  onClose(): void;
}

export function AccountDetail({ profileId, view, online, onClose }: Props) {
  const a = view.virtualAccount;
  return (
    <section className="account-detail" aria-label="Account details">
      <div className="account-detail__head">
        <h2 className="account-detail__title">{a.name}</h2>
        <button type="button" className="button" onClick={onClose}>
          Close details
        </button>
      </div>
      <AccountExport profileId={profileId} view={view} />
      <OfframpPanel profileId={profileId} view={view} online={online} />
    </section>
  );
}
