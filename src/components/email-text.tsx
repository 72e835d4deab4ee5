import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects, after the "@" and before a ".", never
 * mid-word while those suffice (the caller keeps `overflow-wrap: anywhere` as the last resort
 * for one part wider than its box). Copying it copies the plain address: <wbr> adds no text.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
