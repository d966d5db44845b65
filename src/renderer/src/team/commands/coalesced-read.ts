/**
 * A read that never piles up: asked again while it runs, it runs once more after, for each key
 * (a burst of NOTIFY events costs two reads, and the last one sees the last change).
 */
export function coalescedRead(read: (key: string) => Promise<void>): (key: string) => Promise<void> {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  return (key) => {
    const current = running.get(key);
    if (current) {
      again.add(key);
      return current;
    }
    const run = (async () => {
      do {
        again.delete(key);
        await read(key);
      } while (again.has(key));
    })().finally(() => running.delete(key));
    running.set(key, run);
    return run;
  };
}
