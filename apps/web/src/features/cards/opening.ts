/**
 * What the editor runs when it opens a query: the query read (with the shared zod schemas of a
 * card id and content) and the card loaded. A module of its own, imported when the editor opens
 * one, so the editor's first load carries no zod.
 */
export { editorSourceOf } from './editor-source';
export { openEditor } from './open-editor';
