import {
  cardCompletenessProblem,
  cardContentDraft,
  cardFileIdOf,
  CARD_LIMITS,
  INPUT_LIMITS,
  scanJsonText,
  type CardBuList,
  type CardContent,
  type CardFileKind,
  type CardRecord,
  type CardSaveStatus,
  type NewCardId,
} from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { inputShapeError } from '../../platform/input-guard.js';
import { AppError, badRequest, conflict, forbidden, issueError, notFound } from '../../platform/errors.js';
import type { FileStore } from '../../platform/storage.js';
import * as repo from './repo.js';
import { userBuList } from '../admin/index.js';

export interface CardDeps {
  db: Db;
  files: FileStore;
  now: () => number;
}

/** The content text parsed and checked against the draft rules (limits, safe links, known fields). */
export function parseCardContent(text: string): CardContent {
  // Measured before it is parsed, as a JSON body is (docs/decisions/0037).
  const shape = scanJsonText(text);
  if (shape) throw inputShapeError(shape, 'content', INPUT_LIMITS.valuesMax);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('card.contentInvalid', 'content');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('card.contentInvalid', 'content');
  const parsed = cardContentDraft.safeParse(value);
  if (!parsed.success) throw issueError(parsed.error.issues[0]!, 'content');
  return parsed.data;
}

/** The uploads a card refers to, with the kinds of file each field accepts. */
export function fileReferences(content: CardContent): { field: string; fileId: string; kinds: readonly CardFileKind[] }[] {
  const refs: { field: string; fileId: string; kinds: readonly CardFileKind[] }[] = [];
  const add = (field: string, url: string | undefined, kinds: readonly CardFileKind[]) => {
    const fileId = url ? cardFileIdOf(url) : undefined;
    if (fileId) refs.push({ field, fileId, kinds });
  };
  // A content image may reuse the avatar upload (smaller limit, same types); the avatar may not be a bigger image.
  add('imageUrl', content.imageUrl, ['avatar']);
  for (const field of ['imageUrl1', 'imageUrl2', 'imageUrl3'] as const) add(field, content[field], ['image', 'avatar']);
  for (const entry of content.fileList ?? []) add('fileList', entry.url, ['attachment']);
  return refs;
}

/** Every file the content refers to exists and was uploaded for that use (an image field never points at an attachment). */
async function checkFileReferences(tx: Tx, content: CardContent): Promise<void> {
  const refs = fileReferences(content);
  const found = new Map((await repo.filesByIds(tx, [...new Set(refs.map((r) => r.fileId))])).map((f) => [f.id, f.kind]));
  for (const ref of refs) {
    const kind = found.get(ref.fileId);
    if (!kind || !ref.kinds.includes(kind)) throw badRequest('card.fileMissing', `content.${ref.field}`);
  }
}

export async function newCardId(deps: CardDeps, user: CurrentUser): Promise<NewCardId> {
  return { id: await repo.reserveCardId(deps.db, user.username, new Date(deps.now())) };
}

type SaveTarget = { kind: 'reserved' } | { kind: 'card'; row: repo.CardRow };

/**
 * What an id refers to for the caller who saves under it: their reservation (taken now,
 * put back if the transaction rolls back) or their own draft. 404 for an id never
 * allocated, 403 for someone else's, 409 for a card that is no longer a draft.
 */
async function claimForSave(tx: Tx, id: number, username: string): Promise<SaveTarget> {
  let row = await repo.findCard(tx, id, { forUpdate: true });
  if (!row) {
    const reservedBy = await repo.takeReservation(tx, id);
    if (reservedBy !== undefined) {
      if (reservedBy !== username) throw forbidden();
      return { kind: 'reserved' };
    }
    // A concurrent save of the same id may have just turned the reservation into a card.
    row = await repo.findCard(tx, id, { forUpdate: true });
    if (!row) throw notFound();
  }
  if (row.createBy !== username) throw forbidden();
  if (row.status !== 'draft') throw conflict('card.notEditable');
  return { kind: 'card', row };
}

export interface SaveCardInput {
  id: number;
  content: string;
  status: CardSaveStatus;
  createBy?: string | undefined;
}

/**
 * Save draft or create card (spec 000 sections 4 and 5): a draft takes any partial content
 * within the form's limits; a created card must pass every rule of section 5, with the BU
 * taken from the caller's own list. The creator is the signed-in user.
 */
export async function saveCard(deps: CardDeps, user: CurrentUser, input: SaveCardInput): Promise<CardRecord> {
  if (input.createBy && input.createBy !== user.username) throw new AppError(403, 'card.createByNotYou', { field: 'createBy' }, 'createBy');
  const at = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    const target = await claimForSave(tx, input.id, user.username);
    const content = parseCardContent(input.content);
    if (input.status === 'created') {
      const problem = cardCompletenessProblem(content, { purpose: 'create', buList: await userBuList(tx, user.id) });
      if (problem) throw badRequest(problem.key, `content.${problem.field}`);
    }
    await checkFileReferences(tx, content);
    const row =
      target.kind === 'reserved'
        ? await repo.insertCard(tx, { id: input.id, content, status: input.status, createBy: user.username, at })
        : // createTime is when the card entered its list: a draft that is created moves to the top of the created list.
          await repo.updateCardContent(tx, input.id, { content, status: input.status, at, resetCreateTime: input.status === 'created' });
    return repo.toCardRecord(row);
  });
}

/** The caller's own draft; anything else is not found (spec 000 section 4: a draft is edited under its id). */
export async function draftCard(deps: CardDeps, user: CurrentUser, id: number): Promise<CardRecord> {
  const row = await repo.findCard(deps.db, id);
  if (!row || row.status !== 'draft' || row.createBy !== user.username) throw notFound();
  return repo.toCardRecord(row);
}

/** Any card, for anyone holding the card authority (the draft list has a "my cards" filter, so drafts are shared too). */
export async function selectCard(deps: CardDeps, id: number): Promise<CardRecord> {
  const row = await repo.findCard(deps.db, id);
  if (!row) throw notFound();
  return repo.toCardRecord(row);
}

/** findBu: the caller's own BU list, in the shape the spec's client reads (data.status, data.data). */
export async function cardBuList(deps: CardDeps, user: CurrentUser): Promise<CardBuList> {
  return { status: 200, data: await userBuList(deps.db, user.id) };
}

/**
 * Whether the caller may upload for a card id: their reservation or their own draft.
 * Checked before a byte is stored. The reservation is looked at first: a save that turns
 * it into a card in between is then seen as the card.
 */
export async function authorizeUpload(deps: CardDeps, user: CurrentUser, cardId: number): Promise<void> {
  const reservation = await repo.findReservation(deps.db, cardId);
  if (reservation) {
    if (reservation.reservedBy !== user.username) throw forbidden();
  } else {
    const row = await repo.findCard(deps.db, cardId);
    if (!row) throw notFound();
    if (row.createBy !== user.username) throw forbidden();
    if (row.status !== 'draft') throw conflict('card.notEditable');
  }
  if ((await repo.countFilesOfCard(deps.db, cardId)) >= CARD_LIMITS.filesPerCard) throw conflict('card.tooManyFiles');
}

/** The content without any reference to one file (its image fields emptied, its attachment entry gone). */
export function withoutFile(content: CardContent, fileId: string): CardContent {
  const next: CardContent = { ...content };
  for (const field of ['imageUrl', 'imageUrl1', 'imageUrl2', 'imageUrl3'] as const) {
    if (next[field] && cardFileIdOf(next[field]) === fileId) next[field] = '';
  }
  if (next.fileList) next.fileList = next.fileList.filter((entry) => cardFileIdOf(entry.url) !== fileId);
  return next;
}

/**
 * deleteCardFile: only the uploader, and only while the file's card is not created (a
 * created card keeps its files; copies of it refer to them too). The row and the draft's
 * reference go in one transaction; the bytes go after it commits.
 */
export async function deleteCardFile(deps: CardDeps, user: CurrentUser, input: { no: string; url: string }): Promise<void> {
  const fileId = cardFileIdOf(input.url);
  if (!fileId) throw badRequest('card.fileUrlInvalid', 'url');
  if (input.no !== user.username) throw forbidden();
  const at = new Date(deps.now());
  const storageKey = await deps.db.transaction(async (tx) => {
    const file = await repo.findFile(tx, fileId, { forUpdate: true });
    if (!file) throw notFound();
    if (file.owner !== user.username) throw forbidden();
    const card = await repo.findCard(tx, file.cardId, { forUpdate: true });
    if (card && card.status !== 'draft') throw conflict('card.fileInUse');
    await repo.deleteFile(tx, fileId);
    if (card) {
      const content = withoutFile(card.content, fileId);
      if (JSON.stringify(content) !== JSON.stringify(card.content)) await repo.setCardContent(tx, card.id, content, at);
    }
    return file.storageKey;
  });
  await deps.files.remove(storageKey);
}

/**
 * Whether the user may read a card file: its uploader, the card staff, or a recipient of a card that
 * shows it. Recipients are the feed's knowledge, so the feed answers it (handed in by app.ts) and
 * cards do not import the feed, which imports push, which writes cards.
 */
export type CardFileReader = (db: Tx, user: CurrentUser, file: { id: string; owner: string; cardId: number }) => Promise<boolean>;

/** A stored file for download: any signed-in user may read card files (cards are shown to every employee). */
export async function openCardFile(deps: CardDeps, fileId: string, user: CurrentUser, mayRead: CardFileReader) {
  const file = await repo.findFile(deps.db, fileId);
  // Someone who may not read it learns nothing, not even that it exists (docs/decisions/0007).
  if (!file || !(await mayRead(deps.db, user, file))) throw notFound();
  const opened = await deps.files.open(file.storageKey);
  if (!opened) throw notFound();
  return { file, ...opened };
}
