import { syncs } from '../../app/sync';
import type { Action } from '../../model/actions';
import { SECTIONS, type SectionId } from '../../model/sections';
import type { Shortcut } from '../../model/shortcuts';
import { pauseSending, resumeSending } from '../../outbox/commands/sending';
import { useSenderStatus } from '../../outbox/commands/sender-status';
import { runOnScreen } from '../../stores/action-registry';
import { useConnectivity } from '../../stores/connectivity';
import { useNavigation } from '../../stores/navigation';
import { useProfiles } from '../../stores/profiles';
import { UPDATE_SHORTCUT, updateBlocked } from '../../parts/sync-status/update-now';
import { GO_TO_WEBHOOKS } from '../settings/webhooks/WebhooksSection';
import { profileLabel } from './ProfileSwitcher';

/** Ctrl+K (⌘K): the palette, from anywhere, a text field included (K edits nothing there). */
export const PALETTE_SHORTCUT: Shortcut = { mod: true, key: 'k', inFields: true };
/** "?" opens the shortcuts sheet, except while typing, where it is a question mark. */
export const HELP_SHORTCUT: Shortcut = { key: '?' };

/**
 * Ctrl/⌘ with a section's digit opens it from anywhere, like a browser's tabs; the Dashboard's
 * letter only outside text fields (macOS: Ctrl+D deletes forward there).
 */
export function sectionShortcut(key: string): Shortcut {
  return /^\d$/.test(key) ? { mod: true, key, inFields: true } : { mod: true, key: key.toLowerCase() };
}

/** Other words people use for a section. */
const SECTION_WORDS: Partial<Record<SectionId, readonly string[]>> = {
  dashboard: ['home', 'overview', 'forecast', 'cash'],
  transactions: ['search', 'activity', 'history'],
  accounts: ['virtual accounts', 'balances'],
  approvals: ['outbox', 'queue', 'inbox', 'review'],
  directory: ['merchants', 'handles', 'payees'],
  settings: ['preferences', 'profiles', 'demo', 'developer'],
};

export interface ShellUi {
  openPalette(): void;
  openShortcuts(): void;
}

/** Opens `section`, then runs its screen's action `id` once the screen offers it. */
function goThen(section: SectionId, id: string): void {
  useNavigation.getState().go(section);
  runOnScreen(id);
}

/**
 * The actions that work from every screen, read from the stores when the palette, the sheet or
 * the key handler asks, so each says what holds at that moment (offline, paused, switching).
 */
export function shellActions(ui: ShellUi): Action[] {
  const { profiles, activeProfileId: active, switching, select } = useProfiles.getState();
  const go = useNavigation.getState().go;
  const actions: Action[] = [
    {
      id: 'app:palette',
      title: 'Open the command palette',
      group: 'App',
      keywords: ['commands'],
      shortcut: PALETTE_SHORTCUT,
      run: ui.openPalette,
    },
    {
      id: 'app:shortcuts',
      title: 'Show keyboard shortcuts',
      group: 'App',
      keywords: ['help', 'keys'],
      shortcut: HELP_SHORTCUT,
      run: ui.openShortcuts,
    },
    ...SECTIONS.map((s): Action => ({
      id: `go:${s.id}`,
      title: `Go to ${s.label}`,
      group: 'Go to',
      keywords: SECTION_WORDS[s.id] ?? [],
      shortcut: sectionShortcut(s.key),
      run: () => go(s.id),
    })),
    {
      // Webhooks are Settings → Developer now, but keep their place in "Go to" and their Ctrl+8.
      id: 'go:webhooks',
      title: 'Go to Webhooks',
      group: 'Go to',
      keywords: ['events', 'notifications', 'developer', 'settings'],
      shortcut: sectionShortcut('8'),
      run: () => goThen('settings', GO_TO_WEBHOOKS),
    },
    {
      id: 'outbox:new-transfer',
      title: 'New transfer',
      group: 'Money',
      keywords: ['move', 'send', 'draft'],
      run: () => goThen('transfers', 'outbox:new-transfer'),
    },
    {
      id: 'outbox:new-payment',
      title: 'New payment',
      group: 'Money',
      keywords: ['pay', 'handle', 'draft'],
      run: () => goThen('payments', 'outbox:new-payment'),
    },
  ];
  if (active !== null) actions.push(...profileActions(active));
  for (const p of profiles) {
    if (p.id === active) continue;
    actions.push({
      id: `profile:${p.id}`,
      title: `Switch to ${profileLabel(p)}`,
      group: 'Profile',
      keywords: ['profile', 'switch', p.name],
      ...(switching ? { unavailable: 'A profile switch is under way' } : {}),
      run: () => select(p.id),
    });
  }
  if (profiles.some((p) => p.kind === 'demo')) {
    // From another screen, the Demo's sample size is asked first (Settings); the reset itself runs there.
    actions.push({
      id: 'demo:reset',
      title: 'Reset the Demo…',
      group: 'Profile',
      keywords: ['sample', 'fresh data'],
      run: () => goThen('settings', 'demo:size'),
    });
  }
  return actions;
}

/** What the profile on screen offers: its sync and its sender. */
function profileActions(profileId: string): Action[] {
  const profile = useProfiles.getState().profiles.find((p) => p.id === profileId);
  const offline = useConnectivity.getState().byProfile[profileId]?.state === 'offline';
  const paused = useSenderStatus.getState().byProfile[profileId]?.paused ?? false;
  const noKey = profile?.kind === 'live' && !profile.hasKey;
  const syncBlocked = updateBlocked({ noKey, offline, running: syncs.isSyncing(profileId) });
  return [
    {
      id: 'sync:now',
      title: 'Update now',
      group: 'Profile',
      keywords: ['sync', 'refresh', 'download'],
      shortcut: UPDATE_SHORTCUT,
      ...(syncBlocked ? { unavailable: syncBlocked } : {}),
      run: () => syncs.startSync(profileId),
    },
    paused
      ? {
          id: 'outbox:resume',
          title: 'Resume sending',
          group: 'Money',
          keywords: ['sender', 'outbox', 'start'],
          run: () => resumeSending(profileId),
        }
      : {
          id: 'outbox:pause',
          title: 'Pause sending',
          group: 'Money',
          keywords: ['sender', 'outbox', 'stop', 'hold'],
          run: () => pauseSending(profileId),
        },
  ];
}
