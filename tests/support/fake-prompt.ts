import type { PromptQuestion, TrustedPrompt } from '../../src/main/prompt/trusted-prompt';

export type FakeAnswer = 'confirm' | 'decline' | 'hold';

/**
 * main's prompt for unit tests: answers with `answer` (a fixed choice, or one per question), and
 * keeps every question it was asked. 'hold' leaves the question open until `release` (or main's
 * time limit) ends it, for the cases where a second question arrives while one is open.
 */
export class FakePrompt implements TrustedPrompt {
  readonly asked: PromptQuestion[] = [];
  private readonly held: ((yes: boolean) => void)[] = [];

  constructor(public answer: FakeAnswer | ((q: PromptQuestion) => FakeAnswer) = 'confirm') {}

  ask(question: PromptQuestion, signal: AbortSignal): Promise<boolean> {
    this.asked.push(question);
    const choice = typeof this.answer === 'function' ? this.answer(question) : this.answer;
    if (choice !== 'hold') return Promise.resolve(choice === 'confirm');
    return new Promise((resolve) => {
      this.held.push(resolve);
      signal.addEventListener('abort', () => resolve(false), { once: true });
    });
  }

  /** Answers the questions held open. */
  release(yes: boolean): void {
    for (const r of this.held.splice(0)) r(yes);
  }

  /** The questions of one kind, in order. */
  of(kind: PromptQuestion['kind']): PromptQuestion[] {
    return this.asked.filter((q) => q.kind === kind);
  }
}
