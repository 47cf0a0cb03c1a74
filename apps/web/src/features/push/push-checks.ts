import { checkPush, pushCardRequest, type MessageKey, type PushCardRequest } from '@field-portal/shared';
import { pushRequestOf, type PushFormValues } from './push-form';

/*
 * The push dialog's checks, with the shared push schemas the server applies (and so zod): a module
 * of their own, loaded when the dialog first pushes, so the dialog opens without them
 * (docs/decisions/0031).
 */

export interface PushFormProblem {
  key: MessageKey;
  /** The form field the message belongs under. */
  field: 'cards' | 'timeMode' | 'pushAt' | 'topRange' | 'listReceivers' | 'namedReceivers' | ['cards', number, 'notReadTime' | 'pushNum'];
}

/**
 * The first rule of spec 000 section 5 the values break, in the dialog's order, or undefined.
 * The same rules the server applies (shared `checkPush`), so the dialog and the server agree.
 */
export function pushFormProblem(values: PushFormValues, now: number = Date.now()): PushFormProblem | undefined {
  const parsed = pushCardRequest.safeParse(pushRequestOf(values));
  if (!parsed.success) return { key: 'push.selectCard', field: 'cards' };
  const result = checkPush(parsed.data, now);
  if (!('key' in result)) return undefined;
  return { key: result.key, field: fieldOf(result.field, values) };
}

function fieldOf(serverField: string, values: PushFormValues): PushFormProblem['field'] {
  const card = /^pushInfo\.(\d+)\.(notReadTime|pushNum)$/.exec(serverField);
  if (card) return ['cards', Number(card[1]), card[2] as 'notReadTime' | 'pushNum'];
  if (serverField === 'pushDate') return values.timeMode === 'at' ? 'pushAt' : 'timeMode';
  if (serverField.startsWith('remark.top')) return 'topRange';
  if (serverField === 'receiver') return values.scope === 1 ? 'listReceivers' : 'namedReceivers';
  return 'cards';
}

/** The pushCard request of values that passed `pushFormProblem`, as the server's schema reads it. */
export function pushBodyOf(values: PushFormValues): PushCardRequest {
  return pushCardRequest.parse(pushRequestOf(values));
}
