import { z } from 'zod';
import { channel, event, NoArg } from './define';

/** Light, dark, or whatever the OS says (the default). */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const ThemeSchema = z.enum(THEMES);

/**
 * What the outbox tells the person through the OS: items sent, items that failed, items whose
 * outcome a person must check, and items waiting for an approval.
 */
export const NOTIFICATION_EVENTS = ['sent', 'failed', 'needs-review', 'awaiting-approval'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NotificationEventSchema = z.enum(NOTIFICATION_EVENTS);

/** The app's own settings, one set for the computer's user (not per profile), kept by main. */
export interface AppSettings {
  theme: Theme;
  notifications: Record<NotificationEvent, boolean>;
}

export const DEFAULT_APP_SETTINGS: AppSettings = Object.freeze({
  theme: 'system',
  notifications: Object.freeze({ sent: true, failed: true, 'needs-review': true, 'awaiting-approval': true }),
});

/** A change to some of them; what is left out stays as it is. */
export const AppSettingsChange = z.strictObject({
  theme: ThemeSchema.optional(),
  notifications: z
    .strictObject(
      Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, z.boolean().optional()])) as Record<
        NotificationEvent,
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
});
export type AppSettingsChange = z.input<typeof AppSettingsChange>;

export const settingsChannels = {
  'settings:get': channel<AppSettings>()(NoArg),
  /** Saves the change, applies the theme to every window, answers with every setting as it now is. */
  'settings:set': channel<AppSettings>()(AppSettingsChange),
} as const;

export const settingsEvents = {
  /** Another window (or this one) changed a setting. */
  'settings:changed': event<AppSettings>(),
} as const;
