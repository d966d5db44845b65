import type { Migration } from './migration';
import { v001 } from './v001-directory';
import { v002 } from './v002-queue';
import { v003 } from './v003-claims';
import { v004 } from './v004-signed-history';

/** Every schema version this app knows, in order; the last is the one it works with. */
export const MIGRATIONS: readonly Migration[] = [v001, v002, v003, v004];
export const SCHEMA_VERSION = (MIGRATIONS.at(-1) as Migration).version;
