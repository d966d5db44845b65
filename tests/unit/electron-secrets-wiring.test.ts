import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Electron halves of issue 23's fixes, with `electron` mocked (no binary here): the prompt is
// a native message box on the window (no is the default and what closing means; main's time
// limit closes it), and a secret is one clipboard write holding the text and the concealed
// formats as raw OS formats. tests/electron drives the real ones where Electron runs.

const written: { items: { entries: Record<string, unknown> }[] }[] = [];
const boxes: { win: unknown; options: Record<string, unknown> }[] = [];
let boxAnswer = 0;

vi.mock('electron', () => ({
  clipboard: {
    readText: async () => '',
    writeText: async () => undefined,
    write: async (items: { entries: Record<string, unknown> }[]) => {
      written.push({ items });
    },
    clear: () => undefined,
  },
  ClipboardItem: class {
    constructor(readonly entries: Record<string, unknown>) {}
  },
  dialog: {
    showMessageBox: async (win: unknown, options: Record<string, unknown>) => {
      boxes.push({ win, options });
      return { response: boxAnswer, checkboxChecked: false };
    },
  },
}));

const { electronClipboard } = await import('../../src/main/clipboard/electron-clipboard');
const { electronPrompt } = await import('../../src/main/prompt/electron-prompt');
const { concealedMarkers } = await import('../../src/main/clipboard/concealed-formats');
const { PromptGate } = await import('../../src/main/prompt/trusted-prompt');

beforeEach(() => {
  written.length = 0;
  boxes.length = 0;
});

describe('Electron clipboard', () => {
  it('writes the secret and each concealed format in one write of one item', async () => {
    await electronClipboard().writeSecret('4111111111111111', concealedMarkers('win32'));
    expect(written).toHaveLength(1);
    const [item] = written[0]?.items ?? [];
    const entries = item?.entries ?? {};
    expect(Object.keys(entries)).toEqual([
      'text/plain',
      'electron application/osclipboard;format="ExcludeClipboardContentFromMonitorProcessing"',
      'electron application/osclipboard;format="CanIncludeInClipboardHistory"',
      'electron application/osclipboard;format="CanUploadToCloudClipboard"',
    ]);
    expect(entries['text/plain']).toBe('4111111111111111');
    const dword = entries['electron application/osclipboard;format="CanIncludeInClipboardHistory"'] as Blob;
    expect(Buffer.from(await dword.arrayBuffer()).toString('hex')).toBe('00000000');
  });
});

describe('Electron prompt', () => {
  const question = {
    kind: 'reveal' as const,
    title: 'Reveal a card number',
    message: 'Show the number?',
    detail: ['Card: Ops', 'Profile: Demo'],
    confirm: 'Reveal',
    cancel: 'Do not reveal',
  };

  it('is a warning box on the window: "no" first, the default and the cancel; yes only for the confirm button', async () => {
    const win = { id: 1, isVisible: () => true };
    const prompt = electronPrompt(() => win as unknown as Electron.BrowserWindow);
    boxAnswer = 1;
    expect(await new PromptGate(prompt).ask(question)).toBe('confirmed');
    expect(boxes[0]?.win).toBe(win);
    expect(boxes[0]?.options).toMatchObject({
      type: 'warning',
      title: 'Reveal a card number',
      message: 'Show the number?',
      detail: 'Card: Ops\nProfile: Demo',
      buttons: ['Do not reveal', 'Reveal'],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    });
    expect(boxes[0]?.options['signal']).toBeInstanceOf(AbortSignal);
    boxAnswer = 0;
    expect(await new PromptGate(prompt).ask(question)).toBe('declined');
  });

  it('a box main closed after its time limit is no, whatever the box answered', async () => {
    const prompt = electronPrompt(() => ({ isVisible: () => true }) as unknown as Electron.BrowserWindow);
    const signal = AbortSignal.abort();
    boxAnswer = 1;
    expect(await prompt.ask(question, signal)).toBe(false);
    expect(boxes).toHaveLength(1);
  });

  it('asks nobody, and answers no, when the window is hidden (sending in the background) or gone', async () => {
    boxAnswer = 1;
    const hidden = electronPrompt(() => ({ isVisible: () => false }) as unknown as Electron.BrowserWindow);
    expect(await new PromptGate(hidden).ask(question)).toBe('declined');
    expect(await new PromptGate(electronPrompt(() => null)).ask(question)).toBe('declined');
    expect(boxes).toEqual([]);
  });
});
