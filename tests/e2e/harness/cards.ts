import { expect } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';

export interface Authorization {
  cardId: string;
  amountCents: number;
  merchantName?: string;
  mcc?: string;
  country?: string;
}

/** A purchase at the card network, as the sandbox's admin route simulates it (over HTTP). */
export async function authorize(sandbox: Sandbox, body: Authorization): Promise<{ approved: boolean; declineReason?: string; transaction: { id: string } }> {
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/authorizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { approved: boolean; declineReason?: string; transaction: { id: string } };
}
