import { DEFAULT_CARD_LINK, type CardFileEntry } from '@field-portal/shared';

/**
 * The link / attachment pair of the card form (spec 000 section 4): two mutually exclusive
 * checkboxes, the link text and the attachment list.
 */
export interface LinkAttachment {
  link: boolean;
  attachment: boolean;
  linkValue: string;
  fileList: CardFileEntry[];
}

/** A new state and the uploaded files it dropped (the caller deletes them with deleteCardFile). */
export interface LinkAttachmentChange {
  next: LinkAttachment;
  removed: CardFileEntry[];
}

/** Longer than the bare "http://": the spec's rule for when a typed link ticks the link box. */
const LINK_TICK_LENGTH = DEFAULT_CARD_LINK.length;

export const EMPTY_LINK_ATTACHMENT: LinkAttachment = { link: false, attachment: false, linkValue: DEFAULT_CARD_LINK, fileList: [] };

const unchanged = (state: LinkAttachment): LinkAttachmentChange => ({ next: state, removed: [] });

/** The link input is disabled while the attachment box is ticked. */
export const linkDisabled = (state: LinkAttachment) => state.attachment;
/** The attachment upload is disabled while the link box is ticked. */
export const attachmentDisabled = (state: LinkAttachment) => state.link;

/** Ticking or unticking the link box. Ticking unticks the attachment (clearing its list); unticking resets the link. */
export function setLinkTicked(state: LinkAttachment, ticked: boolean): LinkAttachmentChange {
  if (!ticked) return { next: { ...state, link: false, linkValue: DEFAULT_CARD_LINK }, removed: [] };
  return { next: { ...state, link: true, attachment: false, fileList: [] }, removed: state.fileList };
}

/** Ticking or unticking the attachment box. Ticking unticks the link (resetting it); unticking clears the list. */
export function setAttachmentTicked(state: LinkAttachment, ticked: boolean): LinkAttachmentChange {
  if (!ticked) return { next: { ...state, attachment: false, fileList: [] }, removed: state.fileList };
  return { next: { ...state, attachment: true, link: false, linkValue: DEFAULT_CARD_LINK }, removed: [] };
}

/** The link text changed: a link longer than 7 characters ticks the link box. */
export function editLink(state: LinkAttachment, linkValue: string): LinkAttachmentChange {
  const next = { ...state, linkValue };
  if (linkValue.length > LINK_TICK_LENGTH && !state.link) return setLinkTicked(next, true);
  return { next, removed: [] };
}

/** An upload finished: having an attachment ticks the attachment box (one file only: it replaces any other). */
export function addAttachment(state: LinkAttachment, entry: CardFileEntry): LinkAttachmentChange {
  const ticked = state.attachment ? state : setAttachmentTicked(state, true).next;
  return { next: { ...ticked, fileList: [entry] }, removed: state.fileList.filter((f) => f.url !== entry.url) };
}

/** One attachment removed from the list; the box stays as it is. */
export function removeAttachment(state: LinkAttachment, url: string): LinkAttachmentChange {
  const removed = state.fileList.filter((f) => f.url === url);
  if (removed.length === 0) return unchanged(state);
  return { next: { ...state, fileList: state.fileList.filter((f) => f.url !== url) }, removed };
}

/**
 * The boxes of a loaded card, by the same rules: having an attachment ticks attachment
 * (which resets the link: a card cannot keep both), else a link longer than 7 characters ticks link.
 */
export function fromContent(linkValue: string | undefined, fileList: readonly CardFileEntry[] | undefined): LinkAttachment {
  const files = [...(fileList ?? [])];
  if (files.length > 0) return { link: false, attachment: true, linkValue: DEFAULT_CARD_LINK, fileList: files };
  const link = linkValue || DEFAULT_CARD_LINK;
  return { link: link.length > LINK_TICK_LENGTH, attachment: false, linkValue: link, fileList: [] };
}
