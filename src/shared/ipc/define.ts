import { z } from 'zod';

/** A channel: its argument schema and (as a phantom) its result type. */
export interface Channel<A extends z.ZodType, R> {
  arg: A;
  result?: R;
}

/** `channel<Result>()(argSchema)`: the result type is named, the argument type is inferred. */
export function channel<R>() {
  return <A extends z.ZodType>(arg: A): Channel<A, R> => ({ arg });
}

/** An event main pushes to the renderers; only its payload type matters. */
export interface EventDef<P> {
  payload?: P;
}

export function event<P>(): EventDef<P> {
  return {};
}

export const NoArg = z.undefined();

export type ChannelTable = Record<string, Channel<z.ZodType, unknown>>;
export type EventTable = Record<string, EventDef<unknown>>;

export type ParsedArgOfChannel<T> = T extends Channel<infer A, unknown> ? z.output<A> : never;
export type ResultOfChannel<T> = T extends Channel<z.ZodType, infer R> ? R : never;

/** What main implements for one feature's table (the merged table is `Handlers`). */
export type HandlersOf<T extends ChannelTable> = {
  [C in keyof T]: (arg: ParsedArgOfChannel<T[C]>) => Promise<ResultOfChannel<T[C]>>;
};

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Keys that appear in more than one of the tables (never when they are disjoint). */
export type Clashes<Ts extends readonly object[]> = {
  [I in keyof Ts]: {
    [J in keyof Ts]: I extends J ? never : Extract<keyof Ts[I], keyof Ts[J]>;
  }[number];
}[number];

/**
 * Merges per-feature tables into one, refusing at load time a name defined twice. The contract
 * also checks `Clashes` at compile time, so a clash never gets as far as running.
 */
export function mergeTables<const Ts extends readonly object[]>(...tables: Ts): UnionToIntersection<Ts[number]> {
  const merged: Record<string, unknown> = {};
  for (const table of tables) {
    for (const [name, def] of Object.entries(table)) {
      if (Object.prototype.hasOwnProperty.call(merged, name))
        throw new Error(`IPC contract: "${name}" is defined twice`);
      merged[name] = def;
    }
  }
  // Built key by key from the tables, which the checker cannot follow to the intersection.
  return merged as UnionToIntersection<Ts[number]>;
}
