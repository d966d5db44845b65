import { Fragment } from 'react';

/**
 * A web address that wraps after its separators (/ . ? & = :) instead of inside a word: each
 * separator is followed by a break opportunity (<wbr>), and nothing else may break.
 */
export function Url({ href }: { href: string }) {
  const parts = href.split(/(?<=[/.?&=:#])/);
  return (
    <span className="url">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
