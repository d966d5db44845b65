import { formatCents } from '../../../../shared/money';
import { hasFee, type Transaction } from '../../../../shared/service';
import { dateTime, humanStatus, money } from '../../model/format';
import { FeeBreakdown } from './FeeBreakdown';
import type { Names } from '../../model/transaction-filters';
import { NoteEditor } from './NoteEditor';

interface Props {
  profileId: string;
  tx: Transaction;
  names: Names;
  onClose(): void;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Every field of one transaction, its merchant, currency, fees, card and note. */
export function TransactionDetail({ profileId, tx, names, onClose }: Props) {
  const m = tx.merchantData;
  const where = [m?.location?.city, m?.location?.state, m?.location?.zip, m?.location?.country].filter(Boolean).join(', ');
  return (
    <aside className="tx-detail" aria-labelledby="tx-detail-title">
      <div className="tx-detail__head">
        <h2 id="tx-detail-title">{tx.description}</h2>
        <button type="button" className="button button--quiet" onClick={onClose} aria-label="Close the details">
          ✕
        </button>
      </div>
      <p className={`tx-detail__amount ${tx.amountCents < 0 ? 'amount--out' : 'amount--in'}`}>{money(tx.amountCents)}</p>
      <dl className="detail-fields">
        <Row label="Date">{dateTime(tx.date)}</Row>
        <Row label="Status">{`${tx.status} (${humanStatus(tx.detailedStatus)})`}</Row>
        <Row label="Decline reason">{tx.declineReason}</Row>
        <Row label="Authorized">{tx.authorizedAt ? dateTime(tx.authorizedAt) : undefined}</Row>
        <Row label="Merchant">{m?.description ?? tx.merchantDescription}</Row>
        <Row label="Category code">{m?.categoryCode}</Row>
        <Row label="Location">{where}</Row>
        <Row label="Original currency">
          {tx.originalCurrency ? `${formatCents(tx.originalCurrency.amountCents)} ${tx.originalCurrency.code} at ${tx.originalCurrency.conversionRate}` : undefined}
        </Row>
        <Row label="Memo">{tx.memo}</Row>
        <Row label="Card">{tx.cardId ? names.card(tx.cardId) : undefined}</Row>
        <Row label="Virtual account">{tx.virtualAccountId ? names.virtualAccount(tx.virtualAccountId) : undefined}</Row>
        <Row label="Account">{`${names.account(tx.accountId)} (${tx.accountSubtype})`}</Row>
        <Row label="Order id">{tx.orderId}</Row>
        <Row label="Reference number">{tx.referenceNumber}</Row>
        <Row label="FX fee">{tx.fxFeeInfo ? money(-Math.abs(tx.fxFeeInfo.amountCents)) : undefined}</Row>
        <Row label="Transaction id">
          <code>{tx.id}</code>
        </Row>
      </dl>
      {hasFee(tx) ? (
        <section aria-labelledby="tx-fees">
          <h3 id="tx-fees">Fee breakdown</h3>
          <FeeBreakdown profileId={profileId} tx={tx} />
        </section>
      ) : null}
      <section aria-labelledby="tx-note-title">
        <h3 id="tx-note-title">Note</h3>
        <NoteEditor key={tx.id} profileId={profileId} tx={tx} />
      </section>
    </aside>
  );
}
