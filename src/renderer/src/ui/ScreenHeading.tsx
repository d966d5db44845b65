import { useEffect, useRef } from 'react';

interface Props {
  children: string;
}

/**
 * The screen's h1. It takes focus when the screen opens so keyboard and screen-reader users
 * land on the new content instead of staying on the sidebar button.
 */
export function ScreenHeading({ children }: Props) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 id="screen-title" className="screen__title" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
