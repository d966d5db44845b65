interface Props {
  message: string | null;
  onDismiss?: () => void;
}

/** A failure the person should see now: announced at once (role="alert"), dismissible. */
export function ErrorBanner({ message, onDismiss }: Props) {
  if (!message) return null;
  return (
    <div className="banner banner--error" role="alert">
      <p className="banner__text">{message}</p>
      {onDismiss ? (
        <button type="button" className="button button--quiet" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
