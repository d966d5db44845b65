import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { DEFAULT_LOG_BOUNDS, LOG_FILE, pruneLogFiles, rotateLogFiles, type LogBounds } from './log-files';
import { redactText, redactValue } from './redact';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Who wrote the line: main itself, a window's page, or one of the page's workers. */
export type LogSource = 'main' | 'page' | 'worker';
export type LogFields = Record<string, unknown>;

/** A line is cut here: a file goes past its bound by one line at most, and a page cannot write one huge line. */
export const MAX_LINE_CHARS = 4_000;

export interface AppLogOptions {
  /** The log folder (`logs` in the app's data folder). */
  dir: string;
  bounds?: LogBounds;
}

let instances = 0;

/**
 * The app's log: one file in the data folder, rotated at its bound, written through electron-log
 * (its file transport, which runs under plain Node as well as in Electron's main). Every line
 * passes `redactValue` in a hook of the logger itself, so a line is redacted whoever writes it,
 * before any transport sees it. A line: time, level, source, event, the profile when there is
 * one, then the fields as JSON.
 */
export class AppLog {
  readonly dir: string;
  readonly bounds: LogBounds;
  private readonly logger: typeof electronLog;

  constructor(options: AppLogOptions) {
    this.dir = options.dir;
    this.bounds = options.bounds ?? DEFAULT_LOG_BOUNDS;
    mkdirSync(this.dir, { recursive: true });
    pruneLogFiles(this.dir, this.bounds, Date.now());
    // One logger per log folder: tests run several cores in one process, each with its own folder.
    this.logger = electronLog.create({ logId: `treasury-${++instances}` });
    const file = this.logger.transports.file;
    // Without it electron-log looks for a package.json to name a folder we never use.
    file.setAppName('Treasury Desktop');
    file.resolvePathFn = () => join(this.dir, LOG_FILE);
    file.maxSize = this.bounds.maxBytes;
    file.archiveLogFn = () => rotateLogFiles(this.dir, this.bounds);
    file.level = 'debug';
    file.format = ({ message, data }) => [
      `${message.date.toISOString()} [${message.level}] ${data.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join(' ')}`,
    ];
    for (const name of Object.keys(this.logger.transports)) {
      if (name !== 'file') {
        const transport = this.logger.transports[name];
        if (transport) transport.level = false;
      }
    }
    this.logger.hooks.push((message) => ({
      ...message,
      data: message.data.map((d: unknown) => {
        const clean = typeof d === 'string' ? redactText(d) : JSON.stringify(redactValue(d));
        return clean.length > MAX_LINE_CHARS ? `${clean.slice(0, MAX_LINE_CHARS)}…[cut]` : clean;
      }),
    }));
  }

  get file(): string {
    return join(this.dir, LOG_FILE);
  }

  write(level: LogLevel, source: LogSource, event: string, fields: LogFields = {}, profileId?: string | null): void {
    // Fields by name first (an `apiKey` field is dropped whatever its value); the hook then redacts by shape.
    const clean = redactValue(fields) as LogFields;
    const who = profileId ? ` profile=${profileId}` : '';
    const rest = Object.keys(clean).length > 0 ? ` ${JSON.stringify(clean)}` : '';
    this.logger[level](`[${source}] ${event}${who}${rest}`);
  }

  info(event: string, fields?: LogFields, profileId?: string | null): void {
    this.write('info', 'main', event, fields, profileId);
  }

  warn(event: string, fields?: LogFields, profileId?: string | null): void {
    this.write('warn', 'main', event, fields, profileId);
  }

  error(event: string, fields?: LogFields, profileId?: string | null): void {
    this.write('error', 'main', event, fields, profileId);
  }

  /** electron-log's own logger, for a library that wants one: its lines pass the same redaction. */
  get raw(): typeof electronLog {
    return this.logger;
  }
}

/** An error as a log field: its class, code and message, never its stack's local paths or its causes' payloads. */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { error: error.name, ...(typeof code === 'string' ? { code } : {}), message: error.message };
  }
  return { error: typeof error, message: String(error) };
}
