import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Reads an OFX file the way GnuCash does: with libofx, through its `ofxdump` (Debian's `ofx`
 * package; `scripts/ensure-system-packages.sh` installs it). It shares nothing with the app's
 * writer: what libofx understood is parsed here from ofxdump's text, amounts into integer cents
 * from the printed digits, dates into UTC instants (ofxdump prints local time; it runs with
 * TZ=UTC and the C locale). Without ofxdump every caller fails, saying how to install it: an
 * oracle that is not there is never a pass.
 */

export interface OfxdumpTransaction {
  /** TRNTYPE as libofx names it: DEBIT, CREDIT, FEE... */
  type: string;
  postedMs: number;
  cents: number;
  fitId: string;
  name?: string;
  memo?: string;
}

export interface OfxdumpStatement {
  bankId: string;
  accountNumber: string;
  accountType: string;
  currency: string;
  startMs: number;
  endMs: number;
  balanceCents: number;
  balanceAsOfMs: number;
  transactions: OfxdumpTransaction[];
  /** libofx's WARNING and ERROR lines (stderr): what it could not read as written. */
  problems: string[];
  /** Everything else libofx said on stderr (INFO and STATUS lines included). */
  stderr: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Tue Feb 10 12:00:00 2026 UTC" (strftime %c %Z in the C locale, TZ=UTC) as unix ms. */
function instantOf(text: string | undefined, what: string): number {
  const m = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4}) UTC$/.exec(text ?? '');
  const month = MONTHS.indexOf(m?.[1] ?? '');
  if (!m || month < 0) throw new Error(`ofxdump printed ${what} as "${text}", not a UTC date`);
  return Date.UTC(Number(m[6]), month, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]));
}

/** "-1234.56" as printed (fixed, two decimals) into cents, from its digits. */
function centsOf(text: string | undefined, what: string): number {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!m) throw new Error(`ofxdump printed ${what} as "${text}", not an amount with two decimals`);
  const cents = Number(m[2]) * 100 + Number(m[3]);
  return m[1] ? -cents : cents;
}

type Block = { kind: string; fields: Map<string, string> };

/** ofxdump's stdout: one block per callback ("ofx_proc_transaction():"), then "    Key: value" lines. */
function blocksOf(stdout: string): Block[] {
  const blocks: Block[] = [];
  for (const line of stdout.split('\n')) {
    const head = /^(ofx_proc_\w+)\(\):$/.exec(line);
    if (head) {
      blocks.push({ kind: head[1] ?? '', fields: new Map() });
      continue;
    }
    // The key ends at the line's first ": " (lazy): a payee's name may itself hold one.
    const field = /^ {4}(.+?) ?: (.*)$/.exec(line);
    const block = blocks[blocks.length - 1];
    if (field && block) block.fields.set(field[1] ?? '', field[2] ?? '');
  }
  return blocks;
}

function one(blocks: Block[], kind: string, stderr: string): Map<string, string> {
  const found = blocks.filter((b) => b.kind === kind);
  if (found.length !== 1)
    throw new Error(`ofxdump reported ${found.length} ${kind} blocks, expected one. Its stderr:\n${stderr}`);
  return (found[0] as Block).fields;
}

function required(fields: Map<string, string>, key: string): string {
  const value = fields.get(key);
  if (value === undefined) throw new Error(`ofxdump did not report "${key}"`);
  return value;
}

/** Runs ofxdump on a file and returns what libofx read from it. */
export function ofxdumpFile(path: string): OfxdumpStatement {
  const run = spawnSync('ofxdump', [path], {
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error)
    throw new Error(
      `ofxdump could not run (${run.error.message}): install Debian's ofx package (bash scripts/ensure-system-packages.sh), then run the tests again.`,
    );
  if (run.status !== 0) throw new Error(`ofxdump exited with ${run.status}:\n${run.stderr}`);
  const stderr = run.stderr;
  const blocks = blocksOf(run.stdout);
  const account = one(blocks, 'ofx_proc_account', stderr);
  const statement = one(blocks, 'ofx_proc_statement', stderr);
  return {
    bankId: required(account, 'Bank ID'),
    accountNumber: required(account, 'Account #'),
    accountType: required(account, 'Account type'),
    currency: required(statement, 'Default Currency'),
    startMs: instantOf(statement.get('Start date of this statement'), 'the start date'),
    endMs: instantOf(statement.get('End date of this statement'), 'the end date'),
    balanceCents: centsOf(statement.get('Ledger balance'), 'the ledger balance'),
    balanceAsOfMs: instantOf(statement.get('Ledger balance date'), 'the ledger balance date'),
    transactions: blocks
      .filter((b) => b.kind === 'ofx_proc_transaction')
      .map(({ fields }) => {
        const name = fields.get('Name of payee or transaction description');
        const memo = fields.get('Extra transaction information (memo)');
        return {
          type: required(fields, 'Transaction type').split(':')[0] ?? '',
          postedMs: instantOf(fields.get('Date posted'), 'a posted date'),
          cents: centsOf(fields.get('Total money amount'), 'an amount'),
          fitId: required(fields, "Financial institution's ID for this transaction"),
          ...(name !== undefined ? { name } : {}),
          ...(memo !== undefined ? { memo } : {}),
        };
      }),
    problems: stderr.split('\n').filter((line) => /^LibOFX (WARNING|ERROR)/.test(line)),
    stderr,
  };
}

/** ofxdumpFile for a statement held as text (written as UTF-8 bytes, as main writes exports). */
export function ofxdumpText(text: string): OfxdumpStatement {
  const dir = mkdtempSync(join(tmpdir(), 'ofxdump-'));
  try {
    const path = join(dir, 'statement.ofx');
    writeFileSync(path, text, 'utf8');
    return ofxdumpFile(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * When libofx says a transaction was posted, for one written at `ms`: OFX times are written to
 * the second, and libofx reads a time of exactly 00:00:00 as "no time given" and puts it at
 * 10:59:00 that day (ofxdate_to_time_t), so a row posted at midnight reads back at 10:59.
 */
export function libofxInstant(ms: number): number {
  const second = Math.floor(ms / 1000) * 1000;
  const midnight = second % 86_400_000 === 0;
  return midnight ? second + (10 * 60 + 59) * 60_000 : second;
}
