import { cardCompletenessProblem, cardContentDraft, cardFileUrl, type CardContent, type MessageKey } from '@field-portal/shared';
import { isKnownMessage } from '@/lib/i18n';
import { isFormField, type CardCheck, type CardFormField, type FieldProblem } from './card-form';

/*
 * The checks a save, create or preview runs (they read the shared zod schema of a card's
 * content): a module of their own, loaded when the editor first checks, so the editor opens
 * without zod.
 */

const ANY_FILE = cardFileUrl('00000000-0000-4000-8000-000000000000');

/** Content that satisfies the rule that named `field`, so the next rule can speak. */
function satisfied(content: CardContent, problem: { field: keyof CardContent; key: MessageKey }, buList: readonly string[]): CardContent {
  switch (problem.field) {
    case 'titleName':
    case 'author':
    case 'zhaiyao':
      return { ...content, [problem.field]: 'x' };
    case 'type':
      return { ...content, type: 4 };
    case 'selectValue':
      return { ...content, selectValue: 'exam' };
    case 'BU':
      return { ...content, BU: buList[0] ?? 'x' };
    case 'imageUrl1':
    case 'imageUrl2':
    case 'imageUrl3':
      return { ...content, [problem.field]: ANY_FILE };
    case 'linkValue':
      return problem.key === 'card.linkOrAttachment' ? { ...content, fileList: [] } : { ...content, linkValue: 'https://example.com/' };
    default:
      return content;
  }
}

/**
 * Every rule the content breaks, with the shared rules the server applies (spec 000 section 5):
 * the limits of any save (draft), then for create and preview the completeness rules in the
 * server's order. Each field is named once, with the first rule it breaks.
 */
export function cardProblems(content: CardContent, check: CardCheck, buList: readonly string[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const named = new Set<CardFormField>();
  const add = (field: unknown, key: MessageKey) => {
    if (!isFormField(field) || named.has(field)) return;
    named.add(field);
    problems.push({ field, key });
  };
  const limits = cardContentDraft.safeParse(content);
  if (!limits.success) {
    for (const issue of limits.error.issues) add(issue.path[0], isKnownMessage(issue.message) ? issue.message : 'field.invalid');
  }
  if (check === 'draft') return problems;

  // The shared check stops at the first problem: satisfy it and ask again, to mark every field at once.
  let current = content;
  const asked = new Set<string>();
  for (;;) {
    const problem = cardCompletenessProblem(current, { purpose: check, buList });
    if (!problem || asked.has(problem.field)) break;
    asked.add(problem.field);
    add(problem.field, problem.key);
    current = satisfied(current, problem, buList);
  }
  return problems;
}
