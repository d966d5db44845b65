import { chunksAfter } from '../repos/transactions-repo';

type ChunkRecord = Awaited<ReturnType<typeof chunksAfter>>[number];

/** Chunks per read: ~20,000 rows of a sync's pages. */
const CHUNK_BATCH = 400;

/**
 * Hands the chunks written after `afterSeq` to `use`, oldest first, a batch at a time, reading
 * the next batch while `use` works on this one (IndexedDB reads on its own thread meanwhile).
 * Resolves to the last chunk handed over (`afterSeq` when there was none).
 */
export async function forEachChunkBatch(
  profileId: string,
  afterSeq: number,
  use: (chunks: ChunkRecord[], lastSeq: number) => void,
): Promise<number> {
  let last = afterSeq;
  let next = readAhead(chunksAfter(profileId, last, CHUNK_BATCH));
  for (;;) {
    const chunks = await next;
    const newest = chunks.at(-1);
    if (!newest) return last;
    last = newest.seq as number;
    next = readAhead(chunksAfter(profileId, last, CHUNK_BATCH));
    use(chunks, last);
  }
}

/** A read started ahead of its use: its failure is seen where it is awaited, not reported as unhandled before. */
function readAhead<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
