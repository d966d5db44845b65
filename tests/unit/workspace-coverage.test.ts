import { describe, expect, it } from 'vitest';
import { coverageOf, type JoinedWorkspace } from '../../src/main/workspace/coverage';

// Which workspace approves a service's transfers and payments, as main decides it (the page only
// asks, and main refuses solo sends for a service a workspace covers).

const SVC = 'https://api.example.test';
const ws = (
  id: string,
  name: string,
  services: string[],
  options: { canSign?: boolean; unreadable?: boolean; demo?: boolean } = {},
): JoinedWorkspace => ({
  id,
  name,
  canSign: options.canSign ?? true,
  services: new Set(services),
  unreadable: options.unreadable ?? false,
  demo: options.demo ?? false,
});

describe('where a profile’s drafts go', () => {
  it('solo without a workspace, and for the Demo without the Demo’s own team', () => {
    expect(coverageOf(SVC, [])).toEqual({ kind: 'solo' });
    expect(coverageOf('demo', [ws('w1', 'Acme', [])])).toEqual({ kind: 'solo' });
    expect(coverageOf('demo', [ws('w1', 'Acme', ['demo'])])).toEqual({ kind: 'solo' });
  });

  it('the Demo’s team covers the Demo alone, and never a live service', () => {
    const demoTeam = ws('d1', 'Demo team', ['demo'], { demo: true });
    expect(coverageOf('demo', [ws('w1', 'Acme', []), demoTeam])).toEqual({
      kind: 'team',
      workspaceId: 'd1',
      name: 'Demo team',
    });
    expect(coverageOf(SVC, [demoTeam])).toEqual({ kind: 'solo' });
    expect(coverageOf(SVC, [ws('w1', 'Acme', []), demoTeam])).toEqual({
      kind: 'team',
      workspaceId: 'w1',
      name: 'Acme',
    });
  });

  it('the one workspace joined, or the one that names the service', () => {
    expect(coverageOf(SVC, [ws('w1', 'Acme', [])])).toEqual({ kind: 'team', workspaceId: 'w1', name: 'Acme' });
    expect(coverageOf(SVC, [ws('w1', 'Acme', ['https://other.example']), ws('w2', 'Beta', [SVC])])).toEqual({
      kind: 'team',
      workspaceId: 'w2',
      name: 'Beta',
    });
    expect(coverageOf(SVC, [ws('w1', 'Acme', []), ws('w2', 'Beta', [])])).toEqual({ kind: 'solo' });
  });

  it('never solo when a workspace may cover the service but cannot be read, or this desktop cannot sign there', () => {
    expect(coverageOf(SVC, [ws('w1', 'Acme', []), ws('w2', 'Beta', [], { unreadable: true })])).toMatchObject({
      kind: 'unsure',
    });
    expect(coverageOf(SVC, [ws('w1', 'Acme', [], { canSign: false })])).toEqual({
      kind: 'unsure',
      problem:
        'This desktop cannot sign in Acme yet (an admin registers its key first, or it was removed): nothing is queued or sent alone.',
    });
    expect(coverageOf(SVC, [ws('w1', 'Acme', [SVC]), ws('w2', 'Beta', [SVC])])).toMatchObject({ kind: 'unsure' });
  });
});
