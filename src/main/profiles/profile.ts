import { z } from 'zod';
import { ServiceUrl } from '../../shared/service-url';

/**
 * A connection profile: which service to talk to, never how to prove who we are. The API key
 * lives in the SecretStore (src/main/secrets); the schemas below are strict, so an object with
 * an `apiKey` (or any unknown field) is refused rather than silently stored next to the URLs.
 */

export const DEMO_PROFILE_ID = 'demo';
export const PROFILE_NAME_MAX_LENGTH = 100;

const FIELD_LABELS: Record<string, string> = {
  id: 'Id',
  name: 'Name',
  baseUrl: 'API URL',
  vaultUrl: 'Vault URL',
  kind: 'Kind',
  createdAt: 'Created at',
};

// The address rule is shared with the IPC contract, so saving, editing and testing apply one rule.
const serviceUrl = ServiceUrl;

const profileName = z
  .string({ error: 'give the profile a name' })
  .trim()
  .min(1, 'give the profile a name')
  .max(PROFILE_NAME_MAX_LENGTH, `keep the name to ${PROFILE_NAME_MAX_LENGTH} characters or fewer`)
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'the name cannot contain line breaks or control characters');

const profileId = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => v !== DEMO_PROFILE_ID, `"${DEMO_PROFILE_ID}" is the built-in Demo profile's id`);

/** A profile for the real service, as stored in profiles.json. */
export const liveProfileSchema = z.strictObject({
  id: profileId,
  name: profileName,
  kind: z.literal('live'),
  baseUrl: serviceUrl,
  vaultUrl: serviceUrl,
  createdAt: z.iso.datetime(),
});

/**
 * The built-in Demo profile. It has no stored URLs: the sandbox picks free loopback ports each
 * time it starts, and the demo launcher hands those to the ServiceClient at runtime.
 */
export const demoProfileSchema = z.strictObject({
  id: z.literal(DEMO_PROFILE_ID),
  name: z.string(),
  kind: z.literal('demo'),
});

export const profileSchema = z.discriminatedUnion('kind', [liveProfileSchema, demoProfileSchema]);

/** What a person types to create a profile (the kind is always 'live'; the key goes elsewhere). */
export const profileInputSchema = z.strictObject({
  name: profileName,
  baseUrl: serviceUrl,
  vaultUrl: serviceUrl,
});

/** The fields an update may change; id, kind and createdAt are fixed. */
export const profilePatchSchema = profileInputSchema.partial();

export type LiveProfile = z.output<typeof liveProfileSchema>;
export type DemoProfile = z.output<typeof demoProfileSchema>;
export type Profile = LiveProfile | DemoProfile;
export type ProfileInput = z.input<typeof profileInputSchema>;
export type ProfilePatch = z.input<typeof profilePatchSchema>;

export const DEMO_PROFILE: Readonly<DemoProfile> = Object.freeze({ id: DEMO_PROFILE_ID, name: 'Demo', kind: 'demo' });

/** A field-level problem, shaped like the IPC contract's `IpcError.fields`. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** The profile was not saved because of what was entered; `fields` tells the form where. */
export class ProfileValidationError extends Error {
  override readonly name = 'ProfileValidationError';
  constructor(readonly fields: FieldProblem[]) {
    super(
      `The profile was not saved: ${fields
        .map((f) => (f.path ? `${FIELD_LABELS[f.path] ?? f.path}: ${f.message}` : f.message))
        .join('; ')}.`,
    );
  }
}

/** Parses with `schema` or throws a ProfileValidationError with one entry per problem. */
export function parseProfileInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ProfileValidationError(result.error.issues.map(toFieldProblem));
}

function toFieldProblem(issue: z.core.$ZodIssue): FieldProblem {
  if (issue.code === 'unrecognized_keys') {
    const secretLike = issue.keys.filter((k) => /key|secret|token|password/i.test(k));
    return {
      path: secretLike[0] ?? issue.keys[0] ?? '',
      message: secretLike.length
        ? `a profile never holds the API key (${secretLike.join(', ')}); it is kept in the system keychain or for this session only`
        : `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`,
    };
  }
  return { path: issue.path.map(String).join('.'), message: issue.message };
}
