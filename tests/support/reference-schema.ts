import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Checks a JSON value against a schema of the reference contract (the provider's OpenAPI 3.0
 * file, read from outside the repository: see referencePath), as a strict
 * conformance checker would: types, required fields, enums, date-time formats, nullability, $ref,
 * allOf, oneOf and anyOf. Only the keywords the reference uses are known; an unknown one fails
 * loudly so the check never silently weakens.
 */

type Schema = Record<string, unknown>;

/** Keywords that only explain: they constrain nothing. */
const PROSE = ['description', 'example', 'examples', 'title', 'summary', 'externalDocs', 'default'];

const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'enum',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  '$ref',
  'nullable',
  'format',
  'additionalProperties',
  'deprecated',
  ...PROSE,
]);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface ReferenceParameter {
  name: string;
  in: string;
  enum?: unknown[];
}

export interface ReferenceDoc {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: Schema }> }>; parameters: ReferenceParameter[] }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

/**
 * The provider's published contract is reference material kept outside this repository (it is
 * not ours to copy in): SERVICE_REFERENCE_OPENAPI names it, else the workspace's
 * ../shared/reference/service-openapi.json beside the checkout. Optional: null where neither exists,
 * and reference-conformance.test.ts then says SKIPPED with that reason (docs/service.md).
 */
export function referencePath(): string | null {
  const candidates = [
    process.env['SERVICE_REFERENCE_OPENAPI'],
    resolve(__dirname, '../../../shared/reference/service-openapi.json'),
  ];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

export function loadReference(path: string): ReferenceDoc {
  return JSON.parse(readFileSync(path, 'utf8')) as ReferenceDoc;
}

/** Where the prose contract (which wins; docs/service.md) documents a value the reference does not allow: `null` at these paths. */
export interface Deviations {
  nullAllowed(path: string): boolean;
}

export function checkAgainst(
  doc: ReferenceDoc,
  schema: Schema,
  value: unknown,
  deviations: Deviations,
  path = '$',
): string[] {
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) throw new Error(`reference keyword ${key} at ${path} is not understood by this checker`);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`unknown $ref ${schema.$ref}`);
    return checkAgainst(doc, target, value, deviations, path);
  }
  if (value === null)
    return schema.nullable === true || deviations.nullAllowed(path)
      ? []
      : [`${path}: null where the reference allows no null`];
  const problems: string[] = [];
  for (const part of (schema.allOf as Schema[] | undefined) ?? [])
    problems.push(...checkAgainst(doc, part, value, deviations, path));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (!options) continue;
    const passing = options.filter((o) => checkAgainst(doc, o, value, deviations, path).length === 0).length;
    if (key === 'oneOf' ? passing !== 1 : passing === 0)
      problems.push(`${path}: matches ${passing} of the ${key} alternatives`);
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value))
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  const type = schema.type as string | undefined;
  if (type === 'object' || (type === undefined && schema.properties)) {
    if (typeof value !== 'object' || Array.isArray(value)) return [...problems, `${path}: expected an object`];
    const record = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in record)) problems.push(`${path}.${key}: required but missing`);
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, sub] of Object.entries(props))
      if (key in record) problems.push(...checkAgainst(doc, sub, record[key], deviations, `${path}.${key}`));
  } else if (type === 'array') {
    if (!Array.isArray(value)) return [...problems, `${path}: expected an array`];
    value.forEach((item, i) =>
      problems.push(
        ...checkAgainst(doc, (schema.items as Schema | undefined) ?? {}, item, deviations, `${path}[${i}]`),
      ),
    );
  } else if (type === 'string') {
    if (typeof value !== 'string') problems.push(`${path}: expected a string, got ${JSON.stringify(value)}`);
    else if (schema.format === 'date-time' && !DATE_TIME.test(value))
      problems.push(`${path}: ${value} is not an ISO 8601 date-time`);
  } else if (type === 'number' || type === 'integer') {
    if (typeof value !== 'number' || (type === 'integer' && !Number.isInteger(value)))
      problems.push(`${path}: expected ${type}, got ${JSON.stringify(value)}`);
  } else if (type === 'boolean') {
    if (typeof value !== 'boolean') problems.push(`${path}: expected a boolean`);
  }
  return problems;
}

/** The JSON schema of one documented response, or undefined when the reference documents none. */
export function responseSchema(doc: ReferenceDoc, method: string, path: string, status: number): Schema | undefined {
  return doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
}
