import { describe, expect, it } from 'vitest';
import { approvalHash, DEMO_SERVICE, serviceOf } from '../../src/renderer/src/outbox/model/approval-binding';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import { ADA, row, SVC, T0 } from '../support/outbox-fixtures';

// An approval is for one payload, one profile and one service: approving a transfer against
// staging must never send it to production after the profile's address changes.

const PROD = 'https://api.production.example';

async function approvedFor(service: string) {
  const waiting = t.submit(row(), true, T0, service);
  const h = await approvalHash(waiting, service);
  return t.approve(waiting, ADA, h, h, T0 + 1, service);
}

describe('approvals bound to their service', () => {
  it('the hash covers the service, the profile and the kind as well as the payload', async () => {
    const r = row();
    const base = await approvalHash(r, SVC);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(await approvalHash(r, SVC)).toBe(base);
    expect(await approvalHash(r, PROD)).not.toBe(base);
    expect(await approvalHash({ ...r, profileId: 'someone-else' }, SVC)).not.toBe(base);
    expect(
      await approvalHash({ ...r, payload: { ...r.payload, amountCents: r.amountCents + 1 } } as typeof r, SVC),
    ).not.toBe(base);
  });

  it('a hash shown for one service does not approve for another', async () => {
    const waiting = t.submit(row(), true, T0, SVC);
    const shownForStaging = await approvalHash(waiting, SVC);
    const currentForProduction = await approvalHash(waiting, PROD);
    expect(() => t.approve(waiting, ADA, shownForStaging, currentForProduction, T0, PROD)).toThrow(/review it again/);
  });

  it('a row approved for one service is never claimed for another', async () => {
    const r = await approvedFor(SVC);
    expect(() => t.claim(r, T0 + 2, PROD)).toThrow(
      /approved for https:\/\/svc\.example, not https:\/\/api\.production\.example/,
    );
    expect(t.claim(r, T0 + 2, SVC).state).toBe('sending');
  });

  it('after the address changes it goes back to a person, with the reason in words, and is approved again for the new one', async () => {
    const r = await approvedFor(SVC);
    const back = t.approvedElsewhere(r, PROD, T0 + 3);
    expect(back.state).toBe('awaiting-approval');
    expect(back.approval).toBeUndefined();
    expect(back.approvedFor).toBeUndefined();
    expect(back.lastError).toBe(
      'It was approved for https://svc.example. This profile now sends to https://api.production.example: approve it again to send it there.',
    );
    expect(back.idempotencyKey).toBe(r.idempotencyKey);
    expect(() => t.approvedElsewhere(r, SVC, T0 + 3)).toThrow(t.IllegalTransition);
    const h = await approvalHash(back, PROD);
    const again = t.approve(back, ADA, h, h, T0 + 4, PROD);
    expect(again.approvedFor).toBe(PROD);
    expect(again.lastError).toBeUndefined();
    expect(t.claim(again, T0 + 5, PROD).state).toBe('sending');
  });

  it('rows approved by the rule are bound too', () => {
    const direct = t.submit(row(), false, T0, SVC);
    expect(direct.approvedFor).toBe(SVC);
    expect(() => t.claim(direct, T0 + 1, PROD)).toThrow(t.IllegalTransition);
  });

  it('a profile’s service: the base URL with its host in ASCII; the Demo is one service whatever its port', () => {
    expect(serviceOf({ kind: 'live', baseUrl: 'https://api.example.com/v1/' })).toBe('https://api.example.com/v1');
    expect(serviceOf({ kind: 'live', baseUrl: 'https://API.Example.com' })).toBe('https://api.example.com');
    // A Cyrillic "а" makes another host, shown as punycode: not the same service.
    expect(serviceOf({ kind: 'live', baseUrl: 'https://\u0430pple.com' })).toBe('https://xn--pple-43d.com');
    // The Demo's sandbox moves to a new port at each start: whatever its address, it is the Demo.
    const demoAt = { kind: 'demo' as const, baseUrl: 'http://127.0.0.1:51234' };
    expect(serviceOf(demoAt)).toBe(DEMO_SERVICE);
    expect(serviceOf({ kind: 'demo' })).toBe(DEMO_SERVICE);
  });
});
