import { describe, expect, it } from 'vitest';
import { cardFileUrl, DEFAULT_CARD_LINK } from '@field-portal/shared';
import {
  addAttachment,
  attachmentDisabled,
  editLink,
  EMPTY_LINK_ATTACHMENT,
  fromContent,
  linkDisabled,
  removeAttachment,
  setAttachmentTicked,
  setLinkTicked,
  type LinkAttachment,
} from './link-attachment';

const file = (n: number) => ({ name: `file-${n}.pdf`, url: cardFileUrl(`00000000-0000-4000-8000-00000000000${n}`) });
const withFile: LinkAttachment = { link: false, attachment: true, linkValue: DEFAULT_CARD_LINK, fileList: [file(1)] };

describe('link and attachment boxes (spec 000 section 4)', () => {
  it('starts with neither ticked, both usable and the link at http://', () => {
    expect(EMPTY_LINK_ATTACHMENT).toEqual({ link: false, attachment: false, linkValue: 'http://', fileList: [] });
    expect(linkDisabled(EMPTY_LINK_ATTACHMENT)).toBe(false);
    expect(attachmentDisabled(EMPTY_LINK_ATTACHMENT)).toBe(false);
  });

  it('ticking link unticks attachment, clears its list (to delete) and disables the upload', () => {
    const { next, removed } = setLinkTicked(withFile, true);
    expect(next).toMatchObject({ link: true, attachment: false, fileList: [] });
    expect(removed).toEqual([file(1)]);
    expect(attachmentDisabled(next)).toBe(true);
    expect(linkDisabled(next)).toBe(false);
  });

  it('ticking attachment unticks link, resets it to http:// and disables the link input', () => {
    const typed = { ...EMPTY_LINK_ATTACHMENT, link: true, linkValue: 'https://example.com/a' };
    const { next, removed } = setAttachmentTicked(typed, true);
    expect(next).toMatchObject({ link: false, attachment: true, linkValue: 'http://' });
    expect(removed).toEqual([]);
    expect(linkDisabled(next)).toBe(true);
    expect(attachmentDisabled(next)).toBe(false);
  });

  it('unticking link resets the link to http://', () => {
    const typed = { ...EMPTY_LINK_ATTACHMENT, link: true, linkValue: 'https://example.com/a' };
    expect(setLinkTicked(typed, false)).toEqual({ next: { ...typed, link: false, linkValue: 'http://' }, removed: [] });
  });

  it('unticking attachment clears the list and hands the files back for deletion', () => {
    expect(setAttachmentTicked(withFile, false)).toEqual({ next: { ...withFile, attachment: false, fileList: [] }, removed: [file(1)] });
  });

  it('a link longer than 7 characters ticks link; http:// itself does not', () => {
    expect(editLink(EMPTY_LINK_ATTACHMENT, 'http://').next.link).toBe(false);
    expect(editLink(EMPTY_LINK_ATTACHMENT, 'http:/').next.link).toBe(false);
    const { next } = editLink(EMPTY_LINK_ATTACHMENT, 'http://a');
    expect(next).toMatchObject({ link: true, attachment: false, linkValue: 'http://a' });
    // shortening a ticked link keeps the box as it is
    expect(editLink(next, 'http://').next).toMatchObject({ link: true, linkValue: 'http://' });
  });

  it('having an attachment ticks attachment (and so unticks and resets the link)', () => {
    const typed = { ...EMPTY_LINK_ATTACHMENT, link: true, linkValue: 'https://example.com/a' };
    const { next, removed } = addAttachment(typed, file(1));
    expect(next).toEqual({ link: false, attachment: true, linkValue: 'http://', fileList: [file(1)] });
    expect(removed).toEqual([]);
  });

  it('keeps one attachment: a second upload replaces the first, which goes to deletion', () => {
    const { next, removed } = addAttachment(withFile, file(2));
    expect(next.fileList).toEqual([file(2)]);
    expect(removed).toEqual([file(1)]);
  });

  it('removing the attachment keeps the box and hands the file back', () => {
    expect(removeAttachment(withFile, file(1).url)).toEqual({ next: { ...withFile, fileList: [] }, removed: [file(1)] });
    expect(removeAttachment(withFile, file(2).url)).toEqual({ next: withFile, removed: [] });
  });

  it('a loaded card ticks what it has', () => {
    expect(fromContent(undefined, undefined)).toEqual(EMPTY_LINK_ATTACHMENT);
    expect(fromContent('http://', [])).toEqual(EMPTY_LINK_ATTACHMENT);
    expect(fromContent('https://example.com', [])).toEqual({ link: true, attachment: false, linkValue: 'https://example.com', fileList: [] });
    expect(fromContent('http://', [file(1)])).toEqual(withFile);
    // a draft holding both: the attachment wins and the link is reset, as ticking attachment would
    expect(fromContent('https://example.com', [file(1)])).toEqual(withFile);
  });
});
