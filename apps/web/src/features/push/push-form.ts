import type { Dayjs } from 'dayjs';
import { PUSH_LIMITS, type CardRecord, type PushCardRequest, type PushReceiver } from '@field-portal/shared';
import { pinPeriodOf, WIRE_TIME_FORMAT } from './push-time';

/*
 * The push dialog's values and the request they make, without the push schemas: the checks that
 * read them (and zod) are push-checks.ts, loaded when the dialog first pushes, so the dialog, the
 * batch push page and the read details open without zod (docs/decisions/0031). The time helpers
 * live apart (push-time.ts) for the pin switch of the published list.
 */
export { defaultPinRange, isBeforeYesterday, pinPeriodOf, WIRE_TIME_FORMAT } from './push-time';
export { listFileProblem } from './list-file';

/** One selected card and its must-read settings (spec 000 section 3: pushInfo entries). */
export interface PushCardSetting {
  id: number;
  title: string;
  mustRead: boolean;
  /** Must-read option: kept on top of the recipient's feed while unread (spec 000 section 2). */
  keepOnTop: boolean;
  notReadTime: number | null;
  pushNum: number | null;
}

export type PushScope = 0 | 1 | 2;
/** "send immediately" (pushDate 0) or a chosen time; no default, the operator must choose. */
export type PushTimeMode = 'now' | 'at';

export interface PushFormValues {
  timeMode: PushTimeMode | undefined;
  pushAt: Dayjs | null;
  scope: PushScope;
  /** Recipients read from the uploaded spreadsheet (scope 1). */
  listReceivers: PushReceiver[];
  /** Recipients picked through the directory search (scope 2). */
  namedReceivers: PushReceiver[];
  top: boolean;
  topRange: [Dayjs, Dayjs] | null;
  cards: PushCardSetting[];
}

/** A selected card as the dialog starts it: must-read off, 24 hours, 1 push (spec 000 sections 2 and 9). */
export function cardSetting(card: Pick<CardRecord, 'id' | 'content'>): PushCardSetting {
  return {
    id: card.id,
    title: cardTitle(card.content),
    mustRead: false,
    keepOnTop: false,
    notReadTime: PUSH_LIMITS.defaultNotReadTime,
    pushNum: PUSH_LIMITS.defaultPushNum,
  };
}

/** The dialog's values before anything is chosen, and again after a successful push. */
export function emptyPushValues(cards: PushCardSetting[] = []): PushFormValues {
  return {
    timeMode: undefined,
    pushAt: null,
    scope: 0,
    listReceivers: [],
    namedReceivers: [],
    top: false,
    topRange: null,
    cards: cards.map((c) => ({ ...c, mustRead: false, keepOnTop: false, notReadTime: PUSH_LIMITS.defaultNotReadTime, pushNum: PUSH_LIMITS.defaultPushNum })),
  };
}

/** The pushCard request the dialog's values make (spec 000 sections 3 and 7). */
export function pushRequestOf(values: PushFormValues): PushCardRequest {
  const pushDate = values.timeMode === 'now' ? 0 : values.timeMode === 'at' && values.pushAt ? values.pushAt.format(WIRE_TIME_FORMAT) : '';
  const remark: Record<string, unknown> = { scope: values.scope, top: values.top, permanent: false };
  if (values.top && values.topRange) Object.assign(remark, pinPeriodOf(values.topRange));
  const receiver = values.scope === 1 ? values.listReceivers : values.scope === 2 ? values.namedReceivers : [];
  return {
    pushDate,
    pushInfo: values.cards.map((c) =>
      c.mustRead
        ? { id: c.id, mustRead: true, keepOnTop: Boolean(c.keepOnTop), notReadTime: c.notReadTime ?? '', pushNum: c.pushNum ?? '' }
        : { id: c.id, mustRead: false },
    ),
    receiver: receiver.map((r) => ({ receiverId: r.receiverId, receiverName: r.receiverName })),
    remark: JSON.stringify(remark),
  };
}

/**
 * How many people a push reaches: the directory's size for all staff (undefined until it is
 * known), the list's valid rows, or the named staff.
 */
export function recipientCount(values: Pick<PushFormValues, 'scope' | 'listReceivers' | 'namedReceivers'>, allStaff: number | undefined): number | undefined {
  if (values.scope === 1) return values.listReceivers.length;
  if (values.scope === 2) return values.namedReceivers.length;
  return allStaff;
}

/** Whether the operator must confirm the count before the push goes: above the shared threshold, or all staff of an unknown size. */
export function needsRecipientConfirmation(scope: PushScope, count: number | undefined): boolean {
  if (count === undefined) return scope === 0;
  return count > PUSH_LIMITS.confirmRecipientsAbove;
}

/** A must-read value the dialog accepts as typed: a whole number from 1 to `max` (never clamped in silence). */
export function isPositiveWhole(value: unknown, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= max;
}

/**
 * The fields a change touched, down to one card's setting (antd reports a nested change as a
 * sparse `cards` array), so the message under exactly those fields can go.
 */
export type ChangedField = keyof PushFormValues | ['cards', number, keyof PushCardSetting];

export function changedFields(changed: Partial<PushFormValues>): ChangedField[] {
  const fields: ChangedField[] = [];
  for (const [name, value] of Object.entries(changed)) {
    fields.push(name as keyof PushFormValues);
    if (name !== 'cards' || !Array.isArray(value)) continue;
    value.forEach((entry: unknown, index) => {
      if (entry && typeof entry === 'object') for (const key of Object.keys(entry)) fields.push(['cards', index, key as keyof PushCardSetting]);
    });
  }
  return fields;
}

/** The title of a card's content (JSON text or object), for lists and dialogs. */
export function cardTitle(content: unknown): string {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return '';
    }
  }
  const title = (value as { titleName?: unknown } | null)?.titleName;
  return typeof title === 'string' ? title : '';
}

/** Adds people picked in the directory to the named list, each wwid once, in the order picked. */
export function addNamed(current: PushReceiver[], picked: PushReceiver[]): PushReceiver[] {
  const seen = new Set(current.map((r) => r.receiverId));
  const next = [...current];
  for (const person of picked) {
    if (seen.has(person.receiverId)) continue;
    seen.add(person.receiverId);
    next.push(person);
  }
  return next;
}
