import { expect, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import { openSection } from './flows';

/** Settings → Developer → Webhooks: its heading, which "Go to Webhooks" (Ctrl+8) focuses. */
export const webhooksHeading = (page: Page) => page.getByRole('heading', { level: 3, name: 'Webhooks' });

/** Webhooks as a person finds them now that they are a developer's part of Settings: Settings, then scroll to them. */
export async function openWebhooks(page: Page): Promise<void> {
  await openSection(page, 'Settings');
  await webhooksHeading(page).scrollIntoViewIfNeeded();
  await expect(webhooksHeading(page)).toBeVisible();
}

/** The webhooks' parts, found as a person (or a screen reader) finds them. */
export const activeWebhooks = (page: Page) => page.getByRole('region', { name: 'Active' });
export const archivedWebhooks = (page: Page) => page.getByRole('region', { name: 'Archived' });
export const newWebhookDialog = (page: Page) => page.getByRole('dialog', { name: 'New webhook' });
export const archiveDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Archive “${name}”?` });

/** The seq of the newest request the sandbox has seen: a mark for "sent from here on". */
export function requestMark(sandbox: Sandbox): number {
  return sandbox.requests.all().at(-1)?.seq ?? 0;
}

/** Every write to a webhook (POST /webhook, PATCH /webhook/{id}) the sandbox received after `mark`. */
export function webhookWrites(sandbox: Sandbox, mark: number) {
  return sandbox.requests.all({ after: mark }).filter((r) => r.method !== 'GET' && r.path.startsWith('/webhook'));
}

/**
 * Registers `n` webhooks at the service behind the app's back (as another tool of the company
 * would), a minute apart before `beforeMs`, so that the list spans more than one page.
 */
export function registerElsewhere(sandbox: Sandbox, n: number, beforeMs: number): void {
  const le = sandbox.world.legalEntity.id;
  for (let i = 0; i < n; i++) {
    const id = sandbox.world.ids.next('wh');
    const createdAt = new Date(beforeMs - (i + 1) * 60_000).toISOString();
    sandbox.world.webhooks.set(id, {
      id,
      legalEntityId: le,
      name: `Elsewhere ${i + 1}`,
      url: `https://elsewhere.acme.example/${i + 1}`,
      createdAt,
      archivedAt: null,
    });
  }
}
