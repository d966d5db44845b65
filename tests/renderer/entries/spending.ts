import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Card, CardGroup, Merchant, Transaction } from '../../../src/shared/service';
import { readEntity, removeEntity } from '../../../src/renderer/src/repos/entities-repo';
import { useEntities } from '../../../src/renderer/src/repos/entities-hooks';
import { syncEntities } from '../../../src/renderer/src/sync/entity-sync';
import { ConstraintEditor } from '../../../src/renderer/src/parts/spending/ConstraintEditor';
import { EffectiveConstraint } from '../../../src/renderer/src/parts/spending/EffectiveConstraint';
import { MerchantPicker } from '../../../src/renderer/src/parts/spending/MerchantPicker';
import { PurchaseCheck, type SimulatedOutcome } from '../../../src/renderer/src/parts/spending/PurchaseCheck';
import { UtilizationMeters } from '../../../src/renderer/src/parts/spending/UtilizationMeters';
import type { Purchase } from '../../../src/renderer/src/cards/model/purchase-check';
import { expose } from './expose';

/** The editor over the live cached card or group, as a screen mounts it, with its clock pinned. */
function Host({
  profileId,
  kind,
  id,
  online,
  nowMs,
}: {
  profileId: string;
  kind: 'card' | 'group';
  id: string;
  online: boolean;
  nowMs: number;
}) {
  const cards = useEntities<Card>(profileId, 'card');
  const groups = useEntities<CardGroup>(profileId, 'cardGroup');
  if (!cards || !groups) return createElement('p', { id: 'loading' }, 'loading');
  const now = () => nowMs;
  if (kind === 'card') {
    const card = cards.items.find((c) => c.id === id);
    if (!card) return createElement('p', { id: 'missing' }, 'not cached');
    const group = groups.items.find((g) => g.id === card.cardGroupId);
    return createElement(
      'div',
      null,
      createElement('section', { id: 'effective' }, createElement(EffectiveConstraint, { card, group })),
      createElement(ConstraintEditor, { profileId, owner: { kind: 'card', card }, online, now }),
    );
  }
  const group = groups.items.find((g) => g.id === id);
  if (!group) return createElement('p', { id: 'missing' }, 'not cached');
  return createElement(ConstraintEditor, { profileId, owner: { kind: 'group', group }, online, now });
}

let root: Root | undefined;

function render(node: ReturnType<typeof createElement>): true {
  root?.unmount();
  const host = document.createElement('div');
  document.body.replaceChildren(host);
  root = createRoot(host);
  root.render(node);
  return true;
}

/** The spec's page binding that sends a purchase to the sandbox's authorization route. */
declare global {
  interface Window {
    simulateInSandbox?(purchase: Purchase): Promise<SimulatedOutcome>;
  }
}

expose({
  async syncEntities(profileId: string) {
    const r = await syncEntities(profileId, new AbortController().signal);
    return r.failed;
  },
  async cached(profileId: string, kind: 'card' | 'cardGroup' | 'merchant', id: string) {
    return (await readEntity(profileId, kind, id)) ?? null;
  },
  removeMerchant: (profileId: string, id: string) => removeEntity(profileId, 'merchant', id),
  mount: (profileId: string, kind: 'card' | 'group', id: string, online: boolean, nowMs: number) =>
    render(createElement(Host, { profileId, kind, id, online, nowMs })),
  mountCheck(
    card: Card,
    group: CardGroup | null,
    transactions: Transaction[],
    merchants: Merchant[],
    fundingBalanceCents: number,
    nowMs: number,
  ) {
    const simulate = window.simulateInSandbox;
    return render(
      createElement(
        'div',
        null,
        createElement(
          'section',
          { id: 'meters' },
          createElement(UtilizationMeters, { constraint: card.spendingConstraint, transactions, now: nowMs }),
        ),
        createElement(PurchaseCheck, {
          card,
          group: group ?? undefined,
          transactions,
          merchants,
          fundingBalanceCents,
          now: nowMs,
          ...(simulate ? { onSimulate: simulate } : {}),
        }),
      ),
    );
  },
  mountPicker: (profileId: string, online: boolean) =>
    render(createElement(MerchantPicker, { id: 'picker', profileId, online, onAdd: () => undefined })),
});
