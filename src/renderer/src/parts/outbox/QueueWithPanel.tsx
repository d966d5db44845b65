import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OutboxRow } from '../../../../shared/outbox';
import { useScreenActions } from '../../stores/action-registry';
import { focusFirstField } from '../../ui/focus';
import { ListDetail } from '../../ui/ListDetail';
import { SidePanel } from '../../ui/SidePanel';
import { BulkImport } from './BulkImport';
import { OutboxQueue } from './OutboxQueue';
import { SentHistory } from './SentHistory';

/** "N" opens the new item's panel (outside text fields, where it is a letter). */
const NEW_ITEM_KEY = { key: 'n' } as const;

interface Props {
  profileId: string;
  kind: 'transfer' | 'payment';
  /** "New transfer": the button, the panel's title and the palette's command. */
  newLabel: string;
  /** The palette's id for it; the shell's command of the same id opens this screen, then this panel. */
  actionId: string;
  emptyText: string;
  /** Opens the panel from outside (a payee picked on the Directory). */
  openRequest?: boolean;
  /** The form, told of each row it queues. */
  form(onQueued: (row: OutboxRow) => void): ReactNode;
}

/**
 * Transfers and Payments: the queue first, full width, then the history of what was sent; the
 * new item's form, or the CSV import, in a side panel beside it (one at a time). Closing the
 * form keeps what was typed; queuing closes it and selects the new row.
 */
export function QueueWithPanel({ profileId, kind, newLabel, actionId, emptyText, openRequest = false, form }: Props) {
  const [open, setOpen] = useState(false);
  // The CSV import: its own panel in the same place, so one panel is open at a time.
  const [importing, setImporting] = useState(false);
  const importPanel = useRef<HTMLDivElement>(null);
  const importOpener = useRef<HTMLButtonElement>(null);
  const [focusAsked, setFocusAsked] = useState(0);
  const [queued, setQueued] = useState<{ select: { rowId: string; state: OutboxRow['state'] }; text: string } | null>(
    null,
  );
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const shown = (open || openRequest) && !importing;

  useEffect(() => {
    if (!openRequest) return;
    // A payee picked elsewhere wants the form: it takes the import's place.
    setImporting(false);
    setOpen(true);
  }, [openRequest]);
  // After the render that shows the panel: a hidden field cannot take focus.
  useEffect(() => {
    if (focusAsked > 0) focusFirstField(panel.current);
  }, [focusAsked]);

  const openPanel = () => {
    setImporting(false);
    setOpen(true);
    setFocusAsked((n) => n + 1);
  };
  const openImport = () => {
    setOpen(false);
    setImporting(true);
  };
  const closeImport = () => {
    setImporting(false);
    importOpener.current?.focus();
  };
  useEffect(() => {
    if (importing) focusFirstField(importPanel.current);
  }, [importing]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const onQueued = (row: OutboxRow) => {
    // Focus leaves the panel before it hides: Chromium would otherwise drop a focus hidden under
    // it after the queue has given it to the new row.
    opener.current?.focus();
    setOpen(false);
    setQueued({
      select: { rowId: row.id, state: row.state },
      text: row.state === 'approved' ? 'Queued: it will be sent when online.' : 'Queued for approval (Approvals).',
    });
  };
  useScreenActions([
    {
      id: actionId,
      title: newLabel,
      group: 'This screen',
      keywords: ['draft', 'create', 'add'],
      shortcut: NEW_ITEM_KEY,
      run: openPanel,
    },
    {
      id: `outbox:import-${kind}s`,
      title: `Import ${kind}s from CSV`,
      group: 'This screen',
      keywords: ['csv', 'bulk', 'upload', 'file'],
      run: openImport,
    },
  ]);

  return (
    <>
      <div className="queue-toolbar">
        <button
          ref={opener}
          type="button"
          className="button button--primary"
          aria-expanded={shown}
          aria-controls={`new-${kind}-panel`}
          aria-keyshortcuts="N"
          onClick={shown ? close : openPanel}
        >
          {newLabel}
        </button>
        <button
          ref={importOpener}
          type="button"
          className="button"
          aria-expanded={importing}
          aria-controls={`import-${kind}-panel`}
          onClick={importing ? closeImport : openImport}
        >
          Import from CSV
        </button>
        {/* aria-live rather than role=status: the connectivity badge is the page's one status. */}
        <p className="form__saved" aria-live="polite">
          {queued?.text ?? ''}
        </p>
      </div>
      <ListDetail
        open={shown || importing}
        detail={
          <>
            <SidePanel
              ref={panel}
              open={shown}
              label={newLabel}
              title={newLabel}
              closeLabel={`the ${newLabel.toLowerCase()} (what you typed stays)`}
              onClose={close}
            >
              <div id={`new-${kind}-panel`}>{form(onQueued)}</div>
            </SidePanel>
            <SidePanel
              ref={importPanel}
              open={importing}
              label={`Import ${kind}s`}
              title={`Import ${kind}s from CSV`}
              closeLabel={`the ${kind} import`}
              onClose={closeImport}
            >
              <div id={`import-${kind}-panel`}>
                <BulkImport profileId={profileId} kind={kind} />
              </div>
            </SidePanel>
          </>
        }
      >
        <OutboxQueue profileId={profileId} kind={kind} emptyText={emptyText} selectRequest={queued?.select ?? null} />
        <SentHistory profileId={profileId} kind={kind} />
      </ListDetail>
    </>
  );
}
