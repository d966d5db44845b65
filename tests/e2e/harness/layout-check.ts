import type { Locator, Page } from '@playwright/test';

/**
 * The layout check: what on the page as it stands clips, spills or wraps where it should not.
 * Measured by the browser's own layout (scroll sizes, line boxes), so it holds for any screen
 * without knowing it.
 */

export type LayoutProblem = 'overflows its box' | 'button label wraps' | 'cut without a title';

export interface LayoutFinding {
  problem: LayoutProblem;
  /** A selector-like path from the nearest landmark: tags, ids, classes, roles and names. */
  path: string;
  /** The start of the element's text, to find it on screen. */
  text: string;
}

/**
 * Runs in the page. Scroll containers (overflow auto or scroll) are meant to scroll and are left
 * out; so are form fields (they scroll their own text), SVG (charts draw to their own box) and
 * what is not rendered or only there for screen readers (a 1px clipped box).
 */
function findLayoutProblems(): LayoutFinding[] {
  // A pixel of slack: Chromium rounds fractional widths into scrollWidth and clientWidth apart.
  const SLACK = 1;
  const findings: (LayoutFinding & { el: Element })[] = [];

  const describe = (el: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = el; node && node !== document.body && parts.length < 7; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      if (node.id && node.id !== 'root') part += `#${node.id}`;
      const classes = [...node.classList].slice(0, 2);
      if (classes.length) part += `.${classes.join('.')}`;
      const role = node.getAttribute('role');
      if (role) part += `[role=${role}]`;
      const label = node.getAttribute('aria-label');
      if (label) part += `[aria-label="${label.slice(0, 40)}"]`;
      parts.unshift(part);
      // A landmark or a named region is where a person (and a fix) starts looking.
      if (label || node.tagName === 'MAIN' || node.tagName === 'ASIDE' || node.tagName === 'NAV') break;
    }
    return parts.join(' > ');
  };
  const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const add = (el: Element, problem: LayoutProblem) =>
    findings.push({ el, problem, path: describe(el), text: textOf(el).slice(0, 60) });

  const rendered = (el: Element, style: CSSStyleDeclaration): boolean => {
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    const box = el.getBoundingClientRect();
    // Screen-reader-only text: a 1px box that clips what it holds.
    return box.width > 1 && box.height > 1;
  };
  const scrolls = (style: CSSStyleDeclaration) => /auto|scroll/.test(style.overflowX);
  const skipped = (el: Element) =>
    el instanceof SVGElement || ['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'CANVAS', 'IMG'].includes(el.tagName);

  /** The number of line boxes the text of `el` takes, per block it is laid out in; the largest. */
  const linesOf = (el: Element): number => {
    const lines = new Map<Element, number[]>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      let block = node.parentElement as Element;
      while (block !== el && getComputedStyle(block).display.startsWith('inline'))
        block = block.parentElement as Element;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = lines.get(block) ?? [];
      for (const rect of range.getClientRects()) {
        // A new line starts below the bottom of every line seen so far (half a line of overlap allowed).
        if (rect.width > 0 && tops.every((top) => Math.abs(top - rect.top) > rect.height / 2)) tops.push(rect.top);
      }
      lines.set(block, tops);
    }
    return Math.max(0, ...[...lines.values()].map((tops) => tops.length));
  };

  const root = document.getElementById('root') ?? document.body;
  for (const el of root.querySelectorAll('*')) {
    if (skipped(el) || el.closest('svg')) continue;
    const style = getComputedStyle(el);
    if (!rendered(el, style)) continue;
    const clipped = style.overflowX !== 'visible';
    const wider = el.scrollWidth > el.clientWidth + SLACK && el.clientWidth > 0;
    const ellipsis = style.textOverflow === 'ellipsis' && clipped;
    const clamped =
      style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '' && el.scrollHeight > el.clientHeight + SLACK;
    // An ellipsis shows for a fraction of a pixel too much: no slack there.
    if ((ellipsis && el.scrollWidth > el.clientWidth) || clamped) {
      // A mark (a status dot) says its words in its own label: the title holds the text around it.
      const words = el.cloneNode(true) as Element;
      words.querySelectorAll('[role=img], [aria-hidden=true]').forEach((mark) => mark.remove());
      const full = textOf(words);
      const titled = el.closest('[title]');
      if (!titled || !(titled.getAttribute('title') ?? '').replace(/\s+/g, ' ').includes(full))
        add(el, 'cut without a title');
    } else if (wider && !scrolls(style)) {
      add(el, 'overflows its box');
    }
    const button = el.matches('button, [role=button], [role=tab], a.button');
    if (button && linesOf(el) > 1) add(el, 'button label wraps');
  }

  // An overflow shows in every box around it up to the one that scrolls: the innermost is the one to fix.
  const overflowing = findings.filter((f) => f.problem === 'overflows its box');
  const kept = findings.filter(
    (f) => f.problem !== 'overflows its box' || !overflowing.some((o) => o.el !== f.el && f.el.contains(o.el)),
  );
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth + SLACK) {
    kept.push({
      el: document.documentElement,
      problem: 'overflows its box',
      path: 'html (the page scrolls sideways)',
      text: '',
    });
  }
  return kept.map(({ problem, path, text }) => ({ problem, path, text }));
}

/** What the layout check finds on the page as it is now. */
export function layoutProblems(page: Page): Promise<LayoutFinding[]> {
  return page.evaluate(findLayoutProblems);
}

/**
 * Whether a row of controls took more than one line: a child that starts below the bottom of the
 * row's first child went to a line of its own.
 */
export function rowWraps(row: Locator): Promise<boolean> {
  return row.evaluate((el) => {
    const boxes = [...el.children].map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
    const first = boxes[0];
    return !!first && boxes.some((b) => b.top >= first.bottom);
  });
}

/**
 * Each card's last four ("•4242") on the page that a box around it cuts: what tells two cards of
 * one name apart must stay whole however narrow the column; the name is what gives way.
 */
export function cutLastFours(page: Page): Promise<LayoutFinding[]> {
  return page.evaluate(() => {
    const found: LayoutFinding[] = [];
    const root = document.getElementById('root') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const match = /•\s?(\d{4})/.exec(node.textContent ?? '');
      if (!match) continue;
      const range = document.createRange();
      const start = match.index + match[0].length - 4;
      range.setStart(node, start);
      range.setEnd(node, start + 4);
      const digits = range.getBoundingClientRect();
      if (digits.width === 0) continue;
      for (let box = node.parentElement; box && box !== root; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const clip = box.getBoundingClientRect();
        if (digits.right > clip.right + 1 || digits.left < clip.left - 1) {
          const text = (box.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
          found.push({
            problem: 'cut without a title',
            path: `${box.tagName.toLowerCase()}.${[...box.classList].join('.')} (last four ${match[1]} cut)`,
            text,
          });
          break;
        }
      }
    }
    return found;
  });
}

/**
 * What each row of a list (by its data-row-id) says: its text, and its elements' labels and
 * titles (where a mark that replaced a column keeps its words).
 */
export function rowWords(list: Locator): Promise<Record<string, string>> {
  return list.evaluate((el) => {
    const out: Record<string, string> = {};
    for (const row of el.querySelectorAll('[data-row-id]')) {
      const labelled = [...row.querySelectorAll('[aria-label],[title]')];
      const said = labelled.flatMap((e) => [e.getAttribute('aria-label') ?? '', e.getAttribute('title') ?? '']);
      out[row.getAttribute('data-row-id') ?? ''] = [row.textContent ?? '', ...said].join(' | ');
    }
    return out;
  });
}

/** Each row's text in the column headed `header` (by its data-row-id), for the rows drawn. */
export function columnText(list: Locator, header: string): Promise<Record<string, string>> {
  return list.evaluate((el, name) => {
    const headers = [...el.querySelectorAll('[role=columnheader]')].map((h) => (h.textContent ?? '').trim());
    const index = headers.indexOf(name);
    const out: Record<string, string> = {};
    if (index < 0) return out;
    for (const row of el.querySelectorAll('[data-row-id]')) {
      const cell = row.querySelectorAll('[role=gridcell]')[index];
      out[row.getAttribute('data-row-id') ?? ''] = (cell?.textContent ?? '').trim();
    }
    return out;
  }, header);
}
