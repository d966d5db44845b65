import { describe, expect, it } from 'vitest';
import { plainLine, PromptGate, type PromptQuestion } from '../../src/main/prompt/trusted-prompt';
import { FakePrompt } from '../support/fake-prompt';

const question = (over: Partial<PromptQuestion> = {}): PromptQuestion => ({
  kind: 'reveal',
  title: 'Reveal a card number',
  message: 'Show the number?',
  detail: ['Card: Ops'],
  confirm: 'Reveal',
  cancel: 'Do not reveal',
  ...over,
});

describe('PromptGate: how main asks the person', () => {
  it('answers what the person chose, and no when there is nobody to ask', async () => {
    const prompt = new FakePrompt('confirm');
    const gate = new PromptGate(prompt);
    expect(await gate.ask(question())).toBe('confirmed');
    prompt.answer = 'decline';
    expect(await gate.ask(question())).toBe('declined');
    expect(await new PromptGate(null).ask(question())).toBe('unavailable');
  });

  it('asks one question at a time: a second one while the first is open is refused at once', async () => {
    const prompt = new FakePrompt('hold');
    const gate = new PromptGate(prompt);
    const first = gate.ask(question());
    expect(gate.busy).toBe(true);
    expect(await gate.ask(question({ message: 'another' }))).toBe('busy');
    expect(prompt.asked).toHaveLength(1);
    prompt.release(true);
    expect(await first).toBe('confirmed');
    expect(gate.busy).toBe(false);
  });

  it('gives up after its time limit (closing the question) and counts it as no', async () => {
    const prompt = new FakePrompt('hold');
    const gate = new PromptGate(prompt, { timeoutMs: 5 });
    // The fake resolves false when main aborts it; a state, not a sleep, ends the wait.
    expect(await gate.ask(question())).toBe('timed-out');
    expect(gate.busy).toBe(false);
  });

  it('counts a prompt that broke as no', async () => {
    const gate = new PromptGate({ ask: () => Promise.reject(new Error('the window crashed')) });
    expect(await gate.ask(question())).toBe('declined');
  });

  it('shows no control, invisible or direction-changing characters, and cuts what is too long', async () => {
    const prompt = new FakePrompt('confirm');
    await new PromptGate(prompt).ask(
      question({
        message: 'Show \u202Egnp.exe\u202C the\u0000 number\u200B?',
        detail: ['x'.repeat(400), ...Array.from({ length: 30 }, (_, i) => `line ${i}`)],
      }),
    );
    const shown = prompt.asked[0] as PromptQuestion;
    expect(shown.message).toBe('Show gnp.exe the number ?');
    // Room for a question that lists every row it signs (twelve, and a few lines around them), no more.
    expect(shown.detail).toHaveLength(20);
    expect(shown.detail[0]).toHaveLength(300);
    expect(plainLine('a\nb\tc')).toBe('a b c');
  });
});
