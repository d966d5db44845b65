/**
 * A strict reader of XML property lists (Apple's plist DTD), enough for entitlements: dict, key,
 * array, string, integer, true, false. Written for the tests because the plist package
 * electron-builder uses accepts broken files (an unclosed root reads as an empty list, a key with
 * no value as ""), and codesign does not. Anything not well formed is an error naming the fault.
 */

export type PlistValue = boolean | string | number | PlistValue[] | { [key: string]: PlistValue };

const PROLOG = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/;
const DOCTYPE =
  /^<!DOCTYPE plist PUBLIC "-\/\/Apple\/\/DTD PLIST 1\.0\/\/EN" "http:\/\/www\.apple\.com\/DTDs\/PropertyList-1\.0\.dtd">\s*/;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

type Token = { kind: 'open' | 'close' | 'empty'; name: string; attributes: string } | { kind: 'text'; text: string };

function tokens(body: string): Token[] {
  const out: Token[] = [];
  const re = /<(\/?)([a-z]+)((?:\s+[a-z]+="[^"<>]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < body.length) {
    re.lastIndex = at;
    m = re.exec(body);
    if (!m) throw new Error(`plist: cannot read from “${body.slice(at, at + 30)}”`);
    at = re.lastIndex;
    if (m[5] !== undefined) {
      out.push({ kind: 'text', text: m[5] });
      continue;
    }
    const [, slash, name = '', attributes = '', selfClosing] = m;
    if (slash && (selfClosing || attributes)) throw new Error(`plist: malformed closing tag </${name}>`);
    out.push({ kind: slash ? 'close' : selfClosing ? 'empty' : 'open', name, attributes: attributes.trim() });
  }
  return out;
}

function decode(text: string): string {
  return text.replace(/&([a-z]+);|&/g, (whole, name?: string) => {
    const value = name ? ENTITIES[name] : undefined;
    if (value === undefined) throw new Error(`plist: unknown or bare entity “${whole}”`);
    return value;
  });
}

export function readPlist(xml: string): PlistValue {
  let rest = xml.replace(/^\uFEFF/, '');
  if (!PROLOG.test(rest)) throw new Error('plist: no <?xml version="1.0" encoding="UTF-8"?> prolog');
  rest = rest.replace(PROLOG, '');
  // Comments go first: XML forbids "--" inside one.
  rest = rest.replace(/<!--([\s\S]*?)-->/g, (_whole, inside: string) => {
    if (inside.includes('--')) throw new Error('plist: "--" inside a comment');
    return '';
  });
  if (rest.includes('<!--')) throw new Error('plist: an unclosed comment');
  if (!DOCTYPE.test(rest)) throw new Error("plist: no DOCTYPE of Apple's plist DTD");
  // Whitespace between elements is layout, not content.
  const list = tokens(rest.replace(DOCTYPE, '')).filter((t) => t.kind !== 'text' || t.text.trim() !== '');
  let i = 0;

  const next = (): Token => {
    const t = list[i++];
    if (!t) throw new Error('plist: the file ends inside an element');
    return t;
  };
  const expectClose = (name: string) => {
    const t = next();
    if (t.kind !== 'close' || t.name !== name) throw new Error(`plist: expected </${name}>`);
  };
  const textOf = (name: string): string => {
    const t = list[i];
    if (t?.kind === 'close' && t.name === name) {
      i++;
      return '';
    }
    const text = next();
    if (text.kind !== 'text') throw new Error(`plist: <${name}> holds an element, not text`);
    expectClose(name);
    return decode(text.text);
  };

  const value = (): PlistValue => {
    const t = next();
    if (t.kind === 'text' || t.kind === 'close') throw new Error('plist: expected a value');
    if (t.attributes) throw new Error(`plist: <${t.name}> takes no attributes`);
    if (t.name === 'true' || t.name === 'false') {
      if (t.kind === 'open') expectClose(t.name);
      return t.name === 'true';
    }
    if (t.kind === 'empty') {
      if (t.name === 'string') return '';
      if (t.name === 'array') return [];
      if (t.name === 'dict') return {};
      throw new Error(`plist: <${t.name}/> is not a value`);
    }
    if (t.name === 'string') return textOf('string');
    if (t.name === 'integer') {
      const text = textOf('integer').trim();
      if (!/^[+-]?\d+$/.test(text)) throw new Error(`plist: <integer>${text}</integer> is not a whole number`);
      return Number(text);
    }
    if (t.name === 'array') {
      const items: PlistValue[] = [];
      while (!(list[i]?.kind === 'close' && (list[i] as { name: string }).name === 'array')) items.push(value());
      i++;
      return items;
    }
    if (t.name === 'dict') {
      const dict: { [key: string]: PlistValue } = {};
      for (;;) {
        const k = next();
        if (k.kind === 'close' && k.name === 'dict') return dict;
        if (k.kind !== 'open' || k.name !== 'key') throw new Error('plist: a <dict> holds <key> and value pairs only');
        const key = textOf('key');
        if (key in dict) throw new Error(`plist: the key ${key} appears twice`);
        dict[key] = value();
      }
    }
    throw new Error(`plist: <${t.name}> is not a plist element`);
  };

  const root = next();
  if (root.kind !== 'open' || root.name !== 'plist' || root.attributes !== 'version="1.0"')
    throw new Error('plist: the root is not <plist version="1.0">');
  const result = value();
  expectClose('plist');
  if (i !== list.length) throw new Error('plist: content after </plist>');
  return result;
}
