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

/**
 * For an antd Select whose options are data (names, places): the chosen values and each option are
 * marked as data, their labels staying text for the search. `{ ...dataOptions }` on the Select. In
 * tags mode a value typed in has no option: it is shown as written.
 */
export const dataOptions = {
  labelRender: (chosen: { label?: ReactNode; value?: string | number }) => <DataText>{chosen.label ?? chosen.value}</DataText>,
  optionRender: (option: { label?: ReactNode }) => <DataText>{option.label}</DataText>,
};

/** A translated sentence with one part in it (a link, a value): `slot` is what the sentence was made with in that part's place. */
export function SentenceWith({ sentence, slot, children }: { sentence: string; slot: string; children: ReactNode }) {
  const at = sentence.indexOf(slot);
  if (at < 0) return <>{sentence}</>;
  return (
    <>
      {sentence.slice(0, at)}
      {children}
      {sentence.slice(at + slot.length)}
    </>
  );
}

/** What a sentence is made with in its data value's place, for `SentenceWithData`'s `slot`. */
export const DATA_SLOT = '@@value@@';

/**
 * A translated sentence with one data value in it, the value marked as data; `slot` is what the sentence was made with in its
 * place (`DATA_SLOT` unless told).
 */
export function SentenceWithData({ sentence, slot = DATA_SLOT, value }: { sentence: string; slot?: string; value: string }) {
  return (
    <SentenceWith sentence={sentence} slot={slot}>
      <DataText>{value}</DataText>
    </SentenceWith>
  );
}
