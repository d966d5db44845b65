import { REVEAL_HIDE_AFTER_MS, type cardsChannels, type HandlersOf, type RevealAuditEntry, type RevealedSecrets } from '../../../shared/ipc';
import type { CoreContext } from '../../core/context';
import { PROFILE_GONE_MESSAGE } from '../../core/profile-services';
import { ServiceError } from '../../service';
import { scrubCardNumbers } from '../../service/scrub';
import { HandlerError } from '../dispatch';
import { toHandlerError } from '../errors';

const AUDIT_FAILED =
  "The reveal could not be written to the audit log, so the card's number is not shown. Check that the disk has room and the app's data folder can be written, then reveal again.";

export function cardsHandlers(ctx: CoreContext): HandlersOf<typeof cardsChannels> {
  return {
    'cards:reveal': async ({ profileId, cardId, pan, cvv }) => {
      const profile = ctx.store.get(profileId);
      if (!profile) throw new HandlerError('profile-mismatch', PROFILE_GONE_MESSAGE);
      const entry = (rest: Pick<RevealAuditEntry, 'last4' | 'outcome'> & { reason?: string }): RevealAuditEntry => ({
        at: new Date(ctx.now()).toISOString(),
        user: ctx.identity().user,
        profileId,
        profileName: profile.name,
        cardId,
        pan,
        cvv,
        ...rest,
      });
      let card: Awaited<ReturnType<Awaited<ReturnType<typeof ctx.services.client>>['revealCard']>>;
      try {
        const client = await ctx.services.client(profileId);
        card = await client.revealCard({ cardId, pan, cvv });
      } catch (error) {
        // A failed attempt is audited too: someone asked to see the number.
        const reason = error instanceof ServiceError || error instanceof HandlerError ? scrubCardNumbers(error.message) : 'internal error';
        await ctx.audit.append(entry({ last4: '', outcome: 'failed', reason })).catch(() => undefined);
        const mapped = toHandlerError(error);
        if (mapped instanceof HandlerError) throw new HandlerError(mapped.code, scrubCardNumbers(mapped.message), mapped.extra);
        throw new HandlerError('internal', 'The card could not be revealed. Try again; if it keeps happening, restart the app.');
      }
      try {
        await ctx.audit.append(entry({ last4: card.last4, outcome: 'revealed' }));
      } catch {
        // No record, no reveal: the audit must hold every number that was shown.
        throw new HandlerError('internal', AUDIT_FAILED);
      }
      const shown: RevealedSecrets = { last4: card.last4, hideAfterMs: REVEAL_HIDE_AFTER_MS };
      if (pan && card.pan !== undefined) shown.pan = card.pan;
      if (cvv && card.cvv !== undefined) shown.cvv = card.cvv;
      return shown;
    },
    'audit:reveals': async ({ profileId, cardId }) => {
      try {
        return await ctx.audit.list(cardId === undefined ? { profileId } : { profileId, cardId });
      } catch {
        throw new HandlerError('internal', "The reveal audit log could not be read. Check that the app's data folder can be read, then reopen the card.");
      }
    },
  };
}
