let made = 0;

/** An idempotency key no other call of this test process has used. */
export function freshKey(prefix = 'k'): string {
  made += 1;
  return `${prefix}-${Date.now()}-${made}`;
}
