import { useEffect } from 'react';
import { useOnReconnect } from '../stores/useOnReconnect';
import { useProfiles } from '../stores/profiles';
import { outboxSenders } from '../outbox/commands/sending';
import { useReportUnsent } from './report-unsent';

/** A look now and then even when nothing announced work (another window's approvals, a schedule). */
const FALLBACK_MS = 60_000;

/**
 * Runs a sender for every profile that can send (a live profile with a key, and the Demo), not
 * only the one on screen; kicks it on start, when its connection comes back, and now and then;
 * and keeps main told how many approved items are left (what closing the last window does).
 */
export function useOutboxSenders(): void {
  const profiles = useProfiles((s) => s.profiles);
  const sendable = profiles.filter((p) => p.kind !== 'live' || p.hasKey).map((p) => p.id);
  const key = sendable.join('|');

  useEffect(() => {
    const ids = key.split('|').filter(Boolean);
    for (const id of outboxSenders.profiles()) if (!ids.includes(id)) void outboxSenders.stop(id);
    for (const id of ids) void outboxSenders.kick(id);
    const timer = setInterval(() => {
      for (const id of ids) void outboxSenders.kick(id);
    }, FALLBACK_MS);
    return () => clearInterval(timer);
  }, [key]);

  useOnReconnect(key, (id) => void outboxSenders.kick(id));
  useReportUnsent(sendable);
}
