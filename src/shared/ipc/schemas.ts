import { z } from 'zod';
import { ServiceUrl } from '../service-url';

/** Argument shapes several features share. */

export { ServiceUrl };
export const ApiKey = z.string().trim().min(8, 'the API key looks too short').max(512, 'the API key looks too long');
export const ProfileId = z.string().min(1).max(100);
export const ProfileName = z.string().trim().min(1, 'give the profile a name').max(100);
/** Names one call so it can be canceled; the renderer makes it (a UUID in practice). */
export const RequestId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a request id is 1-100 letters, digits, - or _');
