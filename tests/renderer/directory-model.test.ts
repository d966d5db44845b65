import { describe, expect, it } from 'vitest';
import type { LegalEntity, SvcHandle } from '../../src/shared/service';
import {
  filterHandles,
  findHandle,
  handlesOfAccounts,
  normalHandle,
  sortHandles,
} from '../../src/renderer/src/directory/model/handles';
import { describeKeyOwner, keyOwnerName, keyOwnerOf } from '../../src/renderer/src/directory/model/key-owner';
import { usePaymentPrefill } from '../../src/renderer/src/stores/payment-prefill';

const handle = (id: string, svcHandle: string, name: string, accountId = `acct_${id}`): SvcHandle => ({
  id,
  svcHandle,
  name,
  accountId,
});
const handles = [
  handle('3', 'initech', 'Initech'),
  handle('1', 'globex-corp', 'Globex Corp', 'acct_gx9'),
  handle('2', 'Hooli', 'Hooli XYZ'),
];
const acme: LegalEntity = { id: 'le_1', name: 'Acme Robotics, Inc.', structure: 'ccorp' };

describe('svc handles', () => {
  it('sorts by handle, ignoring case', () => {
    expect(sortHandles(handles).map((h) => h.svcHandle)).toEqual(['globex-corp', 'Hooli', 'initech']);
  });

  it('filters by handle, name or account id, a leading @ and case ignored', () => {
    expect(filterHandles(handles, ' @GLOB').map((h) => h.id)).toEqual(['1']);
    expect(filterHandles(handles, 'xyz').map((h) => h.id)).toEqual(['2']);
    expect(filterHandles(handles, 'gx9').map((h) => h.id)).toEqual(['1']);
    expect(filterHandles(handles, '')).toHaveLength(3);
    expect(filterHandles(handles, 'nobody')).toEqual([]);
  });

  it('finds the saved handle a typed one names exactly, never a part of one', () => {
    expect(findHandle(handles, '@Globex-Corp ')?.id).toBe('1');
    expect(findHandle(handles, 'hooli')?.id).toBe('2');
    expect(findHandle(handles, 'globex')).toBeUndefined();
    expect(findHandle(handles, '  ')).toBeUndefined();
    expect(normalHandle(' @Pied-Piper')).toBe('pied-piper');
  });

  it("names the handles that send from the key's own accounts", () => {
    expect([...handlesOfAccounts(handles, ['acct_gx9', 'acct_3'])].sort()).toEqual(['1', '3']);
    expect(handlesOfAccounts(handles, []).size).toBe(0);
  });
});

describe("the key's legal entity", () => {
  it('is unknown before the list was ever fetched', () => {
    const owner = keyOwnerOf([], null);
    expect(owner).toEqual({ state: 'unknown' });
    expect(describeKeyOwner(owner)).toBe("The key's legal entity is unknown until the first sync");
    expect(keyOwnerName(owner)).toBe('Unknown until the first sync');
  });

  it('is the one entity the key sees', () => {
    const owner = keyOwnerOf([acme], 1_000);
    expect(describeKeyOwner(owner)).toBe("This profile's key belongs to Acme Robotics, Inc.");
    expect(keyOwnerName(owner)).toBe('Acme Robotics, Inc.');
  });

  it('is not guessed among several, and says when the service shows none', () => {
    expect(keyOwnerName(keyOwnerOf([acme, { id: 'le_2', name: 'Other' }], 1_000))).toBe('One of 2 legal entities');
    expect(keyOwnerName(keyOwnerOf([], 1_000))).toBe('None shown by the service');
  });
});

describe('the payment prefill', () => {
  it('is taken once, by the form of its own profile', () => {
    usePaymentPrefill.getState().offer({ profileId: 'p1', svcHandle: 'initech', name: 'Initech' });
    expect(usePaymentPrefill.getState().take('p2')).toBeNull();
    expect(usePaymentPrefill.getState().take('p1')).toEqual({ profileId: 'p1', svcHandle: 'initech', name: 'Initech' });
    expect(usePaymentPrefill.getState().take('p1')).toBeNull();
  });
});
