import { readFile } from 'node:fs/promises';
import type { BundlePart, BundleSummary } from '../../shared/ipc';
import { listLogFiles } from '../logs/log-files';
import { redactText, redactValue } from '../logs/redact';
import type { SupportFacts } from './support-facts';
import { zip, type ZipEntry } from './zip-writer';

/** What the bundle never holds, said before it is saved. */
export const NEVER_IN_BUNDLE = [
  'API keys, workspace passwords and signing keys',
  'card numbers and codes',
  'account numbers beyond their last 4 digits',
  'the transfers and payments themselves (only how many are in each state)',
  'memos and notes',
];

const README = `Treasury Desktop support bundle

about.json       the app, OS, Electron and Chromium versions
profiles.json    each profile's name and service addresses (never its key), and its connection
workspaces.json  each team workspace's address and connection state
outbox.json      how many transfers, payments and notes are in each state, per profile (no payloads)
sync.json        the last sync of each profile: pages, rows, time, and the last failure
logs/            the recent log files (every line was redacted before it was written, and again here)
`;

interface Part {
  name: string;
  what: string;
  data: Buffer;
  modifiedAt: Date;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(redactValue(value), null, 2)}\n`, 'utf8');

/**
 * The bundle's files: the facts as JSON, and the log files read back and redacted once more (a
 * file written by an older version, or by hand, gets today's rules). Everything goes through the
 * same redaction as the log lines, so nothing reaches the zip that a log line could not hold.
 */
export async function bundleParts(facts: SupportFacts, logDir: string): Promise<Part[]> {
  const at = new Date(facts.about.madeAt);
  const parts: Part[] = [
    { name: 'README.txt', what: 'what each file holds', data: Buffer.from(README, 'utf8'), modifiedAt: at },
    { name: 'about.json', what: 'app, OS, Electron and Chromium versions', data: json(facts.about), modifiedAt: at },
    {
      name: 'profiles.json',
      what: `${facts.profiles.length} profile(s): names, addresses and connection states`,
      data: json({ profiles: facts.profiles, connectivity: facts.connectivity }),
      modifiedAt: at,
    },
    {
      name: 'workspaces.json',
      what:
        'unread' in facts.workspaces
          ? 'team workspaces: could not be read'
          : `${facts.workspaces.length} team workspace(s): addresses and states`,
      data: json(facts.workspaces),
      modifiedAt: at,
    },
    {
      name: 'outbox.json',
      what: 'counts of outbox items per state (no payloads)',
      data: json(facts.outbox),
      modifiedAt: at,
    },
    { name: 'sync.json', what: 'the last sync of each profile', data: json(facts.sync), modifiedAt: at },
  ];
  for (const file of await listLogFiles(logDir)) {
    let text: string;
    try {
      text = await readFile(file.path, 'utf8');
    } catch {
      continue; // Rotated away between the listing and the read.
    }
    parts.push({
      name: `logs/${file.name}`,
      what: `log file, last written ${new Date(file.modifiedAt).toISOString()}`,
      data: Buffer.from(redactText(text), 'utf8'),
      modifiedAt: new Date(file.modifiedAt),
    });
  }
  return parts;
}

export function summaryOf(parts: readonly Part[]): BundleSummary {
  const list: BundlePart[] = parts.map((p) => ({ name: p.name, what: p.what, bytes: p.data.length }));
  return { parts: list, never: NEVER_IN_BUNDLE };
}

export function bundleZip(parts: readonly Part[]): Buffer {
  return zip(
    parts.map((p): ZipEntry => ({ name: `treasury-support/${p.name}`, data: p.data, modifiedAt: p.modifiedAt })),
  );
}
