import { describe, expect, it } from 'vitest';
import { currentPolicy, EMPTY_RULE, parsePolicyForm, ruleDraftOf } from '../../src/renderer/src/team/model/policy-form';

// Settings' policy form: what an admin types becomes the rules main signs, in cents, or says
// what to fix next to the field it belongs to.

describe('the policy form', () => {
  it('turns dollars into cents and ids lists into arrays; empty fields leave a condition out', () => {
    const parsed = parsePolicyForm('1', [
      { min: '10,000', max: '', accounts: '', payees: '', approvals: '2' },
      { min: '0.01', max: '$2,500.5', accounts: 'acct_a, acct_b\nacct_a', payees: ' pay_1 ', approvals: '3' },
    ]);
    expect(parsed).toEqual({
      ok: true,
      defaultApprovals: 1,
      rules: [
        { minCents: 1_000_000, approvals: 2 },
        { minCents: 1, maxCents: 250_050, accounts: ['acct_a', 'acct_b'], payees: ['pay_1'], approvals: 3 },
      ],
    });
  });

  it('names each problem with its rule and field, and signs nothing', () => {
    const parsed = parsePolicyForm('0', [
      { ...EMPTY_RULE, min: '500', max: '100' },
      { ...EMPTY_RULE, min: '12.345', approvals: 'two' },
    ]);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => [p.rule, p.field])).toEqual([
      [null, 'defaultApprovals'],
      [0, 'max'],
      [1, 'approvals'],
      [1, 'min'],
    ]);
    expect(parsed.problems.find((p) => p.rule === 0)?.message).toBe('The largest amount is below the smallest.');
  });

  it('refuses more than 20 approvers, as main does', () => {
    expect(parsePolicyForm('21', []).ok).toBe(false);
    expect(parsePolicyForm('20', [])).toEqual({ ok: true, defaultApprovals: 20, rules: [] });
  });

  it('reads a signed rule back into the form, and the newest version of a service is the one in force', () => {
    expect(ruleDraftOf({ minCents: 1_000_000, payees: ['p1', 'p2'], approvals: 2 })).toEqual({
      min: '10,000.00',
      max: '',
      accounts: '',
      payees: 'p1, p2',
      approvals: '2',
    });
    const svc = 'https://api.example.test';
    const policies = [
      { service: svc, version: 1, defaultApprovals: 1, rules: [] },
      { service: 'https://other.example.test', version: 5, defaultApprovals: 3, rules: [] },
      { service: svc, version: 2, defaultApprovals: 2, rules: [] },
    ];
    expect(currentPolicy(policies, svc)?.version).toBe(2);
    expect(currentPolicy(policies, 'https://none.example.test')).toBeUndefined();
  });
});
