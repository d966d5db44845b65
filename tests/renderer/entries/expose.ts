/** Makes an entry's functions callable from the spec (`lane.run(name, ...args)`). */
export function expose(functions: Record<string, (...args: never[]) => unknown>): void {
  Object.defineProperty(globalThis, 'lane', { value: Object.freeze({ ...functions }) });
}
