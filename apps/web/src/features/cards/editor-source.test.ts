import { describe, expect, it } from 'vitest';
import { editorSourceOf, readCardContent } from './editor-source';

describe('what the editor opens', () => {
  it('a new card without a query', () => {
    expect(editorSourceOf('')).toEqual({ kind: 'new' });
    expect(editorSourceOf('?appId=100117&timer=1')).toEqual({ kind: 'new' });
  });

  it('a draft under its own id, any other card as a copy', () => {
    expect(editorSourceOf('?id=12&cardStatus=draft')).toEqual({ kind: 'draft', id: 12 });
    expect(editorSourceOf('?id=12&status=draft&appId=100117&timer=171')).toEqual({ kind: 'draft', id: 12 });
    expect(editorSourceOf('?id=12&cardStatus=created')).toEqual({ kind: 'copy', id: 12 });
    expect(editorSourceOf('?id=12')).toEqual({ kind: 'copy', id: 12 });
  });

  it('ignores an id that is not one', () => {
    expect(editorSourceOf('?id=0&cardStatus=draft')).toEqual({ kind: 'new' });
    expect(editorSourceOf('?id=1e3')).toEqual({ kind: 'new' });
  });

  it('copies card fields carried as content JSON, if they pass the shared rules', () => {
    const content = JSON.stringify({ type: 3, titleName: '复制' });
    expect(editorSourceOf(`?content=${encodeURIComponent(content)}`)).toEqual({ kind: 'content', type: 3, content: { titleName: '复制' } });
    expect(editorSourceOf(`?content=${encodeURIComponent('{"linkValue":"javascript:alert(1)"}')}`)).toEqual({ kind: 'new' });
    expect(editorSourceOf('?content=%7Bnot%20json')).toEqual({ kind: 'new' });
    expect(editorSourceOf('?content=%5B%5D')).toEqual({ kind: 'new' });
  });

  it('reads a stored card by its type, keeping the fields that pass the shared rules', () => {
    expect(readCardContent(JSON.stringify({ type: 3, titleName: '三图' }))).toEqual({ type: 3, content: { titleName: '三图' } });
    expect(readCardContent(JSON.stringify({ type: 7, titleName: '七' }))).toEqual({ type: 4, content: { titleName: '七' } });
    expect(readCardContent(JSON.stringify({ titleName: 'x'.repeat(40) }))).toEqual({ type: 4, content: {} });
    expect(readCardContent('nonsense')).toEqual({ type: 4, content: {} });
  });
});
