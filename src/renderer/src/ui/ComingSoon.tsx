interface Props {
  title: string;
  /** What the screen will do, so the placeholder still tells the person something useful. */
  children: string;
}

/** Empty state for a section whose screen is not built yet. */
export function ComingSoon({ title, children }: Props) {
  return (
    <div className="empty-state">
      <div className="empty-state__art" aria-hidden="true">
        ◌
      </div>
      <p className="empty-state__title">Coming soon: {title}</p>
      <p className="empty-state__text">{children}</p>
    </div>
  );
}
