import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { Card } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { cardKindWords, cardStatusWords } from '../../cards/model/words';
import { WriteOutcome } from '../../ui/WriteOutcome';
import { CloseCardDialog } from './CloseCardDialog';

/** What the header's buttons open in the detail below (a tab and the part to focus in it). */
export type CardHeaderTarget = 'limits' | 'details' | 'reveal';

interface Props {
  profileId: string;
  card: Card;
  /** Why writes are off (offline); undefined when they are on. */
  disabledReason: string | undefined;
  online: boolean;
  onGo(target: CardHeaderTarget): void;
}

/** The card's state as a badge: the colour and the word, so neither alone carries it. */
export function CardStatusBadge({ status }: { status: Card['status'] }) {
  return <span className={`card-badge card-status--${status}`}>{cardStatusWords(status)}</span>;
}

/**
 * Under the card's name: its last four, state and kind, then what a treasurer does most (freeze,
 * edit limits) as buttons and the rarer actions (reveal, edit details, close) under More.
 */
export function CardHeader({ profileId, card, disabledReason, online, onGo }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const closed = card.status === 'closed';
  // Freeze is a pause the card comes back from; only an active card can be paused, a paused one resumed.
  const freeze = card.status === 'active' ? 'Freeze' : card.status === 'paused' ? 'Unfreeze' : undefined;
  const off = disabledReason !== undefined || busy;

  async function setStatus(status: 'active' | 'paused' | 'closed', doneMessage: string) {
    setBusy(true);
    setError(null);
    setDone(null);
    const r = await entityWrites.updateCard(profileId, card.id, { status });
    setBusy(false);
    if (r.ok) setDone(doneMessage);
    else setError(r.error.message);
  }

  return (
    <div className="card-head" role="group" aria-label="Card summary and actions">
      <p className="card-head__facts">
        <span className="card-last4">•••• {card.last4}</span>
        <CardStatusBadge status={card.status} />
        <span className="muted">{cardKindWords(card).toLowerCase()}</span>
      </p>
      <div className="card-head__actions">
        {freeze ? (
          <button
            type="button"
            className="button"
            disabled={off}
            title={disabledReason ?? (freeze === 'Freeze' ? 'Pause the card: purchases decline until unfrozen' : '')}
            onClick={() =>
              void (freeze === 'Freeze'
                ? setStatus('paused', 'Frozen: purchases decline until the card is unfrozen.')
                : setStatus('active', 'Unfrozen: the card takes purchases again.'))
            }
          >
            {busy ? 'Saving…' : freeze}
          </button>
        ) : null}
        <button type="button" className="button" disabled={closed} onClick={() => onGo('limits')}>
          Edit limits
        </button>
        <MenuTrigger>
          <Button className="button" aria-label="More actions for the card">
            More ▾
          </Button>
          <Popover className="menu-popover" placement="bottom end">
            <Menu
              className="menu"
              aria-label="More actions for the card"
              disabledKeys={[...(online ? [] : ['reveal']), ...(off || closed ? ['close'] : [])]}
              onAction={(key) => {
                if (key === 'close') setConfirmClose(true);
                else onGo(key as CardHeaderTarget);
              }}
            >
              <MenuItem id="reveal" className="menu__item">
                Reveal number and code
              </MenuItem>
              <MenuItem id="details" className="menu__item">
                Edit details
              </MenuItem>
              <MenuItem id="close" className="menu__item menu__item--danger">
                Close the card…
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
      <WriteOutcome error={error} done={done} />
      <CloseCardDialog
        open={confirmClose}
        card={card}
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          void setStatus('closed', 'The card is closed.');
        }}
      />
    </div>
  );
}
