import type { Page } from '@playwright/test';

/**
 * Everything the page keeps, as text: the DOM with live input values, Web Storage, cookies,
 * Cache Storage and every record of every IndexedDB store (binary values decoded as latin1 so
 * bytes of the key still match). A string so it runs in the page without DOM types here.
 */
const DUMP_PAGE = `(async () => {
  const out = {};
  const text = async (v) => {
    if (v instanceof Blob) return await v.text();
    if (v instanceof ArrayBuffer) return new TextDecoder('latin1').decode(v);
    if (ArrayBuffer.isView(v)) return new TextDecoder('latin1').decode(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    if (Array.isArray(v)) return Promise.all(v.map(text));
    if (v && typeof v === 'object') {
      const o = {};
      for (const [k, x] of Object.entries(v)) o[k] = await text(x);
      return o;
    }
    return v;
  };
  out.dom = document.documentElement.outerHTML;
  out.inputs = [...document.querySelectorAll('input, textarea, select')].map((e) => e.value);
  out.localStorage = Object.entries(localStorage);
  out.sessionStorage = Object.entries(sessionStorage);
  out.cookie = document.cookie;
  out.idb = {};
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    const db = await new Promise((ok, ko) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    const stores = {};
    for (const name of db.objectStoreNames) {
      const all = await new Promise((ok, ko) => { const r = db.transaction(name).objectStore(name).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
      stores[name] = await text(all);
    }
    db.close();
    out.idb[info.name] = stores;
  }
  out.caches = {};
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out.caches[name] = await Promise.all((await cache.keys()).map(async (req) => req.url + ' ' + (await (await cache.match(req)).text())));
    }
  }
  return JSON.stringify(out);
})()`;

export async function dumpPage(page: Page): Promise<string> {
  return page.evaluate<string>(DUMP_PAGE);
}

// Node's side of the scan lives with the node helpers (the unit lane reads log folders with it too).
export { dumpDir } from '../../support/dump-dir';

/** The key as it could appear: plain, base64, URL-encoded, JSON-escaped. */
export function keyForms(key: string): string[] {
  return [
    ...new Set([
      key,
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
      encodeURIComponent(key),
      JSON.stringify(key).slice(1, -1),
    ]),
  ];
}
