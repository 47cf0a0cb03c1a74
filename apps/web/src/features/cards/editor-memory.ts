import type { CardType } from '@field-portal/shared';
import { queryClient } from '@/lib/query-client';
import type { CardFormValues } from './card-form';

/** How the editor was opened and what it saves under. */
export interface EditorState {
  /** The route query the editor was opened with; another query opens another card. */
  openedFor: string;
  mode: 'new' | 'draft' | 'copy';
  /** The draft being edited, or the card copied. */
  fromId: number | undefined;
  /** The id the form saves under; undefined once saved, until a new one is fetched. */
  cardId: number | undefined;
  type: CardType;
}

/** An editor in progress, kept while its page is not shown. */
export interface EditorSnapshot {
  state: EditorState;
  values: CardFormValues;
  /** File urls this form uploaded and no saved card holds yet: the form may delete them. */
  uploaded: string[];
}

const ROOT = ['cards', 'editor'] as const;

// A tab switch unmounts the page (the tag bar keeps pages in the query cache, not mounted):
// the form in progress waits here, and goes with the rest of the user's data at log-out.
queryClient.setQueryDefaults(ROOT, { gcTime: Infinity, staleTime: Infinity });

const keyOf = (username: string, path: string) => [...ROOT, username, path] as const;

export const editorMemory = {
  get: (username: string, path: string) => queryClient.getQueryData<EditorSnapshot>(keyOf(username, path)),
  set: (username: string, path: string, snapshot: EditorSnapshot) => {
    queryClient.setQueryData(keyOf(username, path), snapshot);
  },
};
