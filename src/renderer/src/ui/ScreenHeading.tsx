import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  children: string;
  /** What sits at the right of the title (how fresh the data is, the sync). */
  aside?: ReactNode;
}

/**
 * The screen's h1. It takes focus when the screen opens so keyboard and screen-reader users
 * land on the new content instead of staying on the sidebar button.
 */
export function ScreenHeading({ children, aside }: Props) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) ref.current?.focus({ preventScroll: true });
  }, []);
  const heading = (
    <h1 id="screen-title" className="screen__title" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
  if (aside === undefined) return heading;
  return (
    <div className="screen__row">
      {heading}
      {aside}
    </div>
  );
}
