import { useState } from 'react';
import type { WalletAddress } from '../../../../shared/service';
import {
  chainWords,
  currencyWords,
  memoWords,
  railWords,
  walletStatusWords,
  type CachedWallet,
} from '../../accounts/model/offramp';
import { copyText } from '../../cards/commands/copy';
import { dayOrDateTime } from '../../model/format';
import { Fields, TechnicalDetails, TechValue } from '../../ui/Fields';
import { StatusNote } from '../../ui/StatusNote';
import { OfframpQr } from './OfframpQr';

/** The account's cached wallets, newest first, each with its deposit addresses. */
export function OfframpWallets({ wallets }: { wallets: readonly CachedWallet[] }) {
  return (
    <ul className="offramp-wallets" aria-label="Wallets of this account">
      {wallets.map((w) => (
        <li key={w.wallet.id} className="offramp-wallet" aria-label={`Wallet ${w.wallet.id}`}>
          <Fields
            tight
            fields={[
              ['Type', w.wallet.type === 'off_ramp' ? 'Off-ramp' : w.wallet.type],
              ['Status', walletStatusWords(w.wallet.status)],
              ['Created', dayOrDateTime(w.wallet.timestamp)],
            ]}
          />
          <TechnicalDetails
            fields={[
              ['Wallet id', <TechValue>{w.wallet.id}</TechValue>],
              ['Subaccount', <TechValue>{w.wallet.subaccountId}</TechValue>],
              ['Account group', <TechValue>{w.wallet.svcAccountGroupId}</TechValue>],
            ]}
          />
          {w.addresses.length === 0 ? (
            <p className="muted">The service gave this wallet no deposit address yet.</p>
          ) : (
            <ul className="offramp-addresses" aria-label={`Deposit addresses of ${w.wallet.id}`}>
              {w.addresses.map((a) => (
                <AddressItem key={a.id} address={a} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function AddressItem({ address: a }: { address: WalletAddress }) {
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const what = `${currencyWords(a.currency)} on ${chainWords(a.chain)}`;
  const copy = async () => {
    const r = await copyText(a.address);
    setNote(
      r.ok
        ? { text: 'Address copied.', error: false }
        : { text: `Not copied: ${r.error.message} Select the address and copy it by hand.`, error: true },
    );
  };
  return (
    <li className="offramp-address" aria-label={`${what} address`}>
      <div className="offramp-address__text">
        <p className="offramp-address__title">{what}</p>
        <dl className="detail-fields detail-fields--tight">
          <dt>Rail</dt>
          <dd>{railWords(a.method)}</dd>
          <dt>Memo</dt>
          <dd>{memoWords(a.blockchainMemo)}</dd>
          <dt>Status</dt>
          <dd>{walletStatusWords(a.status)}</dd>
        </dl>
        <code className="offramp-address__value" aria-label={`${what} deposit address`}>
          {a.address}
        </code>
        <div className="offramp-address__actions">
          <button type="button" className="button" onClick={() => void copy()} aria-label={`Copy the ${what} address`}>
            Copy
          </button>
          <StatusNote note={note} />
        </div>
      </div>
      <OfframpQr text={a.address} label={`QR code of the ${what} deposit address`} />
    </li>
  );
}
