import { formatCents } from '../../../../shared/money';
import type { Transaction } from '../../../../shared/service';
import { countryWords } from '../../cards/model/words';
import type { MerchantNames } from '../../directory/commands/merchant-names';
import { dateTime, money } from '../../model/format';
import { rawDescriptor } from '../../model/merchant-names';
import type { Names } from '../../model/transaction-filters';
import { accountSubtypeWords, categoryCodeWords, declineWords, statusMeaning } from '../../model/transaction-words';
import { DetailPane, DetailSection } from '../../ui/DetailPane';
import { Fields, TechnicalDetails, TechValue } from '../../ui/Fields';
import { FeeBreakdown } from './FeeBreakdown';
import { NoteEditor } from './NoteEditor';

interface Props {
  profileId: string;
  tx: Transaction;
  names: Names;
  merchants: MerchantNames;
  onClose(): void;
}

/** Where the network says the merchant is: "Mountain View, CA 94043, United States (US)". */
function placeWords(tx: Transaction): string {
  const l = tx.merchantData?.location;
  if (!l) return '';
  const region = [l.state, l.zip].filter(Boolean).join(' ');
  return [l.city, region, l.country ? countryWords(l.country) : undefined].filter(Boolean).join(', ');
}

/** One transaction in words: what, how much, when, its state, where, on which card; the service's ids and raw text behind "Technical details". */
export function TransactionDetail({ profileId, tx, names, merchants, onClose }: Props) {
  const m = tx.merchantData;
  const raw = rawDescriptor(tx);
  return (
    <DetailPane
      label="Transaction details"
      title={merchants.ofTransaction(tx)}
      closeLabel="the transaction details"
      onClose={onClose}
    >
      <p className={`tx-detail__amount ${tx.amountCents < 0 ? 'amount--out' : 'amount--in'}`}>
        {money(tx.amountCents)}
      </p>
      <Fields
        fields={[
          ['Date', dateTime(tx.date)],
          ['Status', statusMeaning(tx.detailedStatus)],
          ['Declined because', tx.declineReason ? declineWords(tx.declineReason) : undefined],
          ['Authorized', tx.authorizedAt ? dateTime(tx.authorizedAt) : undefined],
          ['Description', raw && tx.description !== merchants.ofTransaction(tx) ? tx.description : undefined],
          ['Category', m?.categoryCode ? categoryCodeWords(m.categoryCode) : undefined],
          ['Place', placeWords(tx)],
          [
            'Original currency',
            tx.originalCurrency
              ? `${formatCents(tx.originalCurrency.amountCents)} ${tx.originalCurrency.code} at ${tx.originalCurrency.conversionRate}`
              : undefined,
          ],
          ['Memo', tx.memo],
          ['Card', tx.cardId ? names.card(tx.cardId) : undefined],
          ['Virtual account', tx.virtualAccountId ? names.virtualAccount(tx.virtualAccountId) : undefined],
          ['Account', `${names.account(tx.accountId)} (${accountSubtypeWords(tx.accountSubtype).toLowerCase()})`],
          ['Foreign exchange fee', tx.fxFeeInfo ? money(-Math.abs(tx.fxFeeInfo.amountCents)) : undefined],
        ]}
      />
      <FeeBreakdown profileId={profileId} tx={tx} nameOf={merchants.ofTransaction} />
      <DetailSection title="Note">
        <NoteEditor key={tx.id} profileId={profileId} tx={tx} />
      </DetailSection>
      <TechnicalDetails
        fields={[
          ['Transaction id', <TechValue>{tx.id}</TechValue>],
          ['Card network’s text', raw ? <TechValue>{raw}</TechValue> : undefined],
          ['Category code', m?.categoryCode],
          ['Order id', tx.orderId ? <TechValue>{tx.orderId}</TechValue> : undefined],
          ['Reference number', tx.referenceNumber ? <TechValue>{tx.referenceNumber}</TechValue> : undefined],
          ['Card id', tx.cardId ? <TechValue>{tx.cardId}</TechValue> : undefined],
          ['Account id', <TechValue>{tx.accountId}</TechValue>],
          ['Virtual account id', tx.virtualAccountId ? <TechValue>{tx.virtualAccountId}</TechValue> : undefined],
        ]}
      />
    </DetailPane>
  );
}
