import { z } from 'zod';

/**
 * Bounds on the size of what arrives as an argument. A renderer (or a page that took it over) can
 * hand main an object of ten million keys, or a value nested a million deep; zod would validate
 * every key before any rule could refuse it, and JSON.stringify would then build it all again.
 * These checks stop counting as soon as a limit is passed.
 */

/** Whether the object has at most `max` own enumerable keys; stops counting at max + 1. */
export function hasAtMostKeys(value: object, max: number): boolean {
  let n = 0;
  for (const key in value) {
    if (Object.prototype.hasOwnProperty.call(value, key) && ++n > max) return false;
  }
  return true;
}

const isPlainObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `z.record(key, value)` that refuses an object of more than `maxKeys` keys before it looks at any
 * of them. Typed as the record it wraps, so callers see the same input and output.
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, maxKeys: number) {
  const record = z.record(key, value);
  const bounded = z
    .unknown()
    .superRefine((v, ctx) => {
      if (isPlainObject(v) && !hasAtMostKeys(v, maxKeys))
        ctx.addIssue({ code: 'custom', message: `at most ${maxKeys.toLocaleString('en-US')} keys` });
    })
    .pipe(record);
  // The pipe's input type is `unknown`; what it accepts is exactly the record's input.
  return bounded as unknown as z.ZodType<z.output<typeof record>, z.input<typeof record>>;
}

export interface JsonLimits {
  /** Values counted over the whole tree: every object, array, and leaf. */
  maxValues: number;
  maxDepth: number;
}

/**
 * What makes `value` too big to take, or null: more values than `maxValues` (a cycle counts its
 * values each time round, so it is refused too) or deeper than `maxDepth`. Walks with its own
 * stack, so a deep value cannot overflow the call stack.
 */
export function jsonSizeProblem(value: unknown, { maxValues, maxDepth }: JsonLimits): string | null {
  const tooMany = `more than ${maxValues.toLocaleString('en-US')} values`;
  let count = 0;
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (++count > maxValues) return tooMany;
    const { v, depth } = item;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return `nested deeper than ${maxDepth} levels`;
    if (Array.isArray(v)) {
      if (v.length > maxValues) return tooMany;
      for (const x of v as unknown[]) stack.push({ v: x, depth: depth + 1 });
      continue;
    }
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1 });
      if (count + stack.length > maxValues) return tooMany;
    }
  }
  return null;
}

/** Any JSON-like value within `limits` (the body of a call, checked in full by the endpoint's schema later). */
export function boundedJson(limits: JsonLimits) {
  return z.unknown().superRefine((v, ctx) => {
    const problem = jsonSizeProblem(v, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: `too large: ${problem}` });
  });
}
