import { useState } from 'react';
import type { AuditView } from '../../../../../shared/ipc';
import type { AuditLine } from '../../../../../shared/team/audit';
import { auditCsv } from '../../../../../shared/team/audit';
import { saveInPieces, type ExportOutcome, type ExportPiece } from '../../../exports/commands/save-in-pieces';
import { count, dateTime } from '../../../model/format';
import { workspaceCalls } from '../../../platform/workspace';
import { DataTable } from '../../../ui/DataTable';
import { ExportOutcomeNote } from '../../../ui/ExportOutcomeNote';
import { StatusNote } from '../../../ui/StatusNote';
import type { TableColumn } from '../../../ui/table-column';
import { useWorkspaceCall } from './useWorkspaceCall';

/** How many of the newest entries the screen lists; the export holds every one. */
const SHOWN = 50;
/** Well under main's limit for one piece of a saved file. */
const PIECE = 1024 * 1024;

const CHECK_WORDS: Record<AuditLine['check'], string> = {
  ok: 'Signed and chained',
  'bad-signature': 'Not signed by its writer',
  'unknown-signer': 'Signed by someone who is not a member',
  unreadable: 'Unreadable',
};

const EVENT_WORDS: Record<string, string> = {
  workspace: 'Workspace created',
  member: 'Member change',
  policy: 'Policy change',
  draft: 'Draft',
  approve: 'Approval',
  reject: 'Rejection',
  cancel: 'Canceled',
  claim: 'Claimed to send',
  outcome: 'Outcome',
};

const COLUMNS: readonly TableColumn<AuditLine>[] = [
  { id: 'seq', header: 'Entry', minWidth: 60, priority: 2, numeric: true, cell: (l) => count(l.seq) },
  { id: 'at', header: 'When', minWidth: 150, priority: 1, cell: (l) => (l.body ? dateTime(l.body.at) : '') },
  {
    id: 'event',
    header: 'What',
    minWidth: 130,
    priority: 1,
    rowHeader: true,
    cell: (l) => (l.body ? (EVENT_WORDS[l.body.event] ?? l.body.event) : 'Unreadable entry'),
  },
  { id: 'by', header: 'Who', minWidth: 120, priority: 1, cell: (l) => l.byName ?? 'Unknown' },
  { id: 'check', header: 'Check', minWidth: 160, priority: 1, cell: (l) => CHECK_WORDS[l.check] },
];

async function* csvPieces(audit: AuditView): AsyncGenerator<ExportPiece> {
  const text = auditCsv(audit);
  for (let at = 0; at < text.length; at += PIECE)
    yield { text: text.slice(at, at + PIECE), rows: at === 0 ? audit.lines.length : 0 };
}

/**
 * The workspace's audit, read whole and checked in main (each entry's signature, the chain, and
 * whether it was cut back behind what this desktop read before), and its export as CSV through
 * main's save dialog, with each entry's check and the breaks at the end.
 */
export function AuditPanel({ workspaceId }: { workspaceId: string }) {
  const { busy, note, run } = useWorkspaceCall();
  const [audit, setAudit] = useState<AuditView | null>(null);
  const [exported, setExported] = useState<ExportOutcome | null>(null);
  const [exporting, setExporting] = useState(false);

  const check = async () => {
    setExported(null);
    const read = await run(
      () => workspaceCalls.audit(workspaceId),
      () => null,
    );
    if (read) setAudit(read);
  };

  const exportCsv = async () => {
    if (!audit || exporting) return;
    setExporting(true);
    setExported(await saveInPieces(`team-audit-${new Date().toISOString().slice(0, 10)}.csv`, 'csv', csvPieces(audit)));
    setExporting(false);
  };

  const newest = audit ? audit.lines.slice(-SHOWN).reverse() : [];
  return (
    <section className="settings-ws__part" aria-label="Audit">
      <h4 className="settings-ws__subtitle">Audit</h4>
      <p className="field__hint">
        Every draft, decision, member and policy change, claim and outcome, each signed by who did it and chained to the
        one before.
      </p>
      <div className="form__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void check()}>
          {busy ? 'Reading and checking…' : audit ? 'Check the audit again' : 'Check the audit'}
        </button>
        {audit ? (
          <button type="button" className="button" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? 'Exporting…' : 'Export the audit as CSV…'}
          </button>
        ) : null}
        <ExportOutcomeNote outcome={exported} rowsName="audit entries" />
      </div>
      <StatusNote note={note} />
      {audit ? (
        <>
          {audit.breaks.length === 0 ? (
            <p role="status">
              {count(audit.lines.length)} entries, all signed by their writers and chained: none was changed, removed or
              inserted.
            </p>
          ) : (
            <div>
              <p className="field__error" role="alert">
                The audit is broken in {count(audit.breaks.length)} place{audit.breaks.length === 1 ? '' : 's'}: someone
                with access to the database changed it. Tell your admin.
              </p>
              <ul className="settings-ws__problems" aria-label="Where the audit is broken">
                {audit.breaks.map((b, i) => (
                  <li key={i}>{b.problem}</li>
                ))}
              </ul>
            </div>
          )}
          <DataTable
            columns={COLUMNS}
            rows={newest}
            rowKey={(l) => String(l.seq)}
            label={audit.lines.length > SHOWN ? `The newest ${SHOWN} audit entries` : 'Audit entries'}
            compact
            empty="The audit is empty."
          />
        </>
      ) : null}
    </section>
  );
}
