import type { Page } from '@playwright/test';

/**
 * Words of the app's plumbing that a treasurer should never have to read: the service's and the
 * code's names for things, addresses of this machine, measurements meant for developers. They may
 * appear behind "Technical details" (for a support request), nowhere else on a screen.
 */
export const PLUMBING_WORDS: readonly { word: string; pattern: RegExp }[] = [
  { word: 'svc', pattern: /\bsvc\b/i },
  { word: 'sender', pattern: /\bsenders?\b/i },
  { word: "key's own handle", pattern: /key[’']s own handle/i },
  { word: 'saved on this computer', pattern: /saved on this computer/i },
  { word: '<1 ms', pattern: /<\s?1\s?ms\b/i },
  { word: 'walked back day by day', pattern: /walked back day by day/i },
  { word: 'a loopback address', pattern: /\b127\.0\.0\.1\b|\blocalhost\b|\[?::1\]?(?![\d:a-f])/i },
  // A column or field name as the code spells it: send_on, created_at.
  { word: 'a snake_case name', pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/ },
  // A rate as a benchmark writes it: 5,429/s.
  { word: 'a rate per second', pattern: /\b\d[\d,.]*\s?\/\s?s\b/ },
  // A whole day the service sent, shown with a midnight nobody chose (dayOrDateTime shows the day alone).
  { word: 'a midnight time on a date', pattern: /\b12:00\sAM UTC\b/ },
];

export interface WordFinding {
  word: string;
  /** The line of visible text it is in. */
  line: string;
}

/**
 * The page's visible text (innerText: what is rendered, as laid out), without what "Technical
 * details" disclosures hold, open or closed.
 */
function visibleText(): string {
  const technical = [...document.querySelectorAll('details')].filter(
    (d) => d.querySelector(':scope > summary')?.textContent?.trim() === 'Technical details',
  ) as HTMLElement[];
  const before = technical.map((d) => d.style.display);
  technical.forEach((d) => (d.style.display = 'none'));
  try {
    return document.body.innerText;
  } finally {
    technical.forEach((d, i) => (d.style.display = before[i] ?? ''));
  }
}

/** Each plumbing word in the page's visible text, with the line it is in. */
export async function plumbingWords(page: Page): Promise<WordFinding[]> {
  const text = await page.evaluate(visibleText);
  const findings: WordFinding[] = [];
  for (const line of text.split('\n')) {
    for (const { word, pattern } of PLUMBING_WORDS) {
      if (pattern.test(line)) findings.push({ word, line: line.trim().slice(0, 120) });
    }
  }
  return findings;
}
