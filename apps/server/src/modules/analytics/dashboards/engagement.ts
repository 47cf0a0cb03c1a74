import { articleCategoryName, dynamicsDepartmentName } from '@field-portal/shared';
import { articleFigures } from '../../content/index.js';
import { chatFigures } from '../../messaging/index.js';
import { surveyFigures } from '../../surveys/index.js';
import { dailyChart, groupChart, pct, tableOf, text, type Args, type Computed, type DashboardDef } from './common.js';

/**
 * Engagement dashboards (surveyResults, articleLists, imChatLog): the surveys, content and
 * messaging modules' responses, articles and chat messages.
 */

async function surveyResults(a: Args): Promise<Computed> {
  const f = await surveyFigures(a.db, { from: a.range.from, to: a.range.to, bu: a.bu }, a.tableRows);
  return {
    kpis: [
      { key: 'responses', value: f.totals.responses },
      { key: 'respondents', value: f.totals.respondents },
      { key: 'surveys', value: f.totals.surveys },
      { key: 'publishedSurveys', value: f.totals.published },
    ],
    charts: [dailyChart('responsesPerDay', a.range, f.byDay, 'responses'), groupChart('responsesBySurvey', 'bar', f.bySurvey, 'title', 'responses')],
    table: tableOf(
      ['surveyId', 'title', 'status', 'audience', 'startTime', 'endTime', 'responses', 'respondents', 'allResponses', 'lastAnswer'],
      f.rows,
      f.totals.surveys,
    ),
  };
}

/**
 * articleLists names categories and departments with the content centre's words, in the viewer's
 * language (a category's word, a department's code in capitals), not by their codes; channels stay
 * codes, which the screen and the export label (analytics.value.<channel>).
 */
async function articleLists(a: Args): Promise<Computed> {
  const f = await articleFigures(a.db, { from: a.range.from, to: a.range.to }, a.tableRows);
  const category = (code: unknown) => articleCategoryName(text(code), a.lang);
  const byCategory = f.byCategory.map((r) => ({ ...r, category: category(r.category) }));
  const rows = f.rows.map((r) => ({ ...r, category: category(r.category), department: dynamicsDepartmentName(text(r.department)) }));
  return {
    kpis: [
      { key: 'articlesPublished', value: f.totals.published },
      { key: 'readers', value: f.totals.readers },
      { key: 'reads', value: f.totals.reads },
      { key: 'firstReadsInRange', value: f.totals.readsInRange },
    ],
    charts: [
      dailyChart('articlesPerDay', a.range, f.byDay, 'published'),
      dailyChart('readersPerDay', a.range, f.readsByDay, 'readers'),
      groupChart('articlesByChannel', 'pie', f.byChannel, 'channel', 'articles'),
      groupChart('articlesByCategory', 'pie', byCategory, 'category', 'articles'),
    ],
    table: tableOf(['articleId', 'title', 'channel', 'category', 'department', 'source', 'publishTime', 'author', 'readers'], rows, f.totals.published),
  };
}

async function imChatLog(a: Args): Promise<Computed> {
  const f = await chatFigures(a.db, { from: a.range.from, to: a.range.to, bu: a.bu }, a.tableRows);
  return {
    kpis: [
      { key: 'messages', value: f.totals.messages },
      { key: 'messagesRead', value: f.totals.read },
      { key: 'readRate', value: pct(f.totals.read, f.totals.messages), unit: '%' },
      { key: 'conversations', value: f.totals.conversations },
      { key: 'senders', value: f.totals.senders },
    ],
    charts: [dailyChart('messagesPerDay', a.range, f.byDay, 'messages', 'read'), groupChart('messagesBySender', 'bar', f.bySender, 'sender', 'messages')],
    table: tableOf(['time', 'sender', 'recipient', 'message', 'readTime'], f.rows, f.totals.messages),
  };
}

export const ENGAGEMENT_DASHBOARDS = {
  surveyResults: { filters: ['bu'], compute: surveyResults },
  articleLists: { filters: [], compute: articleLists },
  imChatLog: { filters: ['bu'], compute: imChatLog },
} as const satisfies Record<string, DashboardDef>;
