import { Component, Fragment, type ReactNode } from 'react';

interface Props {
  /** What is shown inside, as a sentence starts: "The Accounts screen", "This account's details". */
  what: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** Bumped by "Try again", so the part is drawn afresh rather than from its broken state. */
  attempt: number;
}

const MAX_DETAIL = 300;

/** The error's own words, one line and short: enough to report, never a wall of text. */
export function errorDetail(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex -- line breaks and controls would break the sentence.
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

/**
 * Keeps a part of the window that fails while drawing (a screen, a detail pane) from blanking
 * the rest: React unmounts everything above the nearest boundary, so without one a single bad
 * record took the whole window with it on every visit. Says what failed, announced at once, and
 * offers to draw it again; the sidebar and every other screen keep working meanwhile. (React
 * itself logs the error with its component stack, for a report.)
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  private readonly retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return (
      <div className="error-boundary" role="alert">
        <p className="error-boundary__title">{this.props.what} could not be shown.</p>
        <p>
          Something in what it was drawing failed: <span className="error-boundary__detail">{errorDetail(error)}</span>
        </p>
        <p>The rest of the app still works: choose another section in the sidebar, or try again (after a sync, say).</p>
        <button type="button" className="button" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
