import type { ReactNode } from 'react';
import { DATA } from '@/lib/data-text';

/** Data as written inside interface words (a name, a place, a title): see lib/data-text.ts. */
export function DataText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span {...DATA} className={className}>
      {children}
    </span>
  );
}

/** A translated sentence with one data value in it, the value marked as data; `slot` is what the sentence was made with in its place. */
export function SentenceWithData({ sentence, slot, value }: { sentence: string; slot: string; value: string }) {
  const at = sentence.indexOf(slot);
  if (at < 0) return <>{sentence}</>;
  return (
    <>
      {sentence.slice(0, at)}
      <DataText>{value}</DataText>
      {sentence.slice(at + slot.length)}
    </>
  );
}
