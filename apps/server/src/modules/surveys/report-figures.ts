import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { portalDaySql } from '../../platform/portal-time.js';
import { userIdsOfBu } from '../admin/index.js';

/** Reads of the surveys area for the report screens (analytics dashboards): responses given in a window. */

export interface SurveyWindow {
  from: Date;
  to: Date;
  /** BU of the respondent ('' for all). */
  bu: string;
}

type Row = Record<string, unknown>;

export interface SurveyFigures {
  totals: { responses: number; respondents: number; surveys: number; published: number };
  byDay: { day: string; responses: number }[];
  bySurvey: { title: string; responses: number }[];
  rows: Row[];
}

const DAY = portalDaySql;

/** Responses of the window per day and per survey; the table lists every survey answered or running in the window. */
export async function surveyFigures(db: Db, w: SurveyWindow, limit: number): Promise<SurveyFigures> {
  const where = sql`r.created_at >= ${w.from} and r.created_at < ${w.to} ${w.bu ? sql`and r.user_id in ${userIdsOfBu(w.bu)}` : sql``}`;
  const perSurvey = sql`(select r.survey_id, count(*)::int as responses, count(distinct r.user_id)::int as respondents, max(r.created_at) as last_answer
                           from survey_responses r where ${where} group by 1) rs`;
  const running = sql`s.status <> 'draft' and s.start_time < ${w.to} and s.end_time >= ${w.from}`;
  const [totals, byDay, bySurvey, rows] = await Promise.all([
    selectRows<SurveyFigures['totals']>(
      db,
      sql`
      select (select count(*) from survey_responses r where ${where})::int as responses,
             (select count(distinct r.user_id) from survey_responses r where ${where})::int as respondents,
             (select count(*) from surveys s left join ${perSurvey} on rs.survey_id = s.id where rs.survey_id is not null or ${running})::int as surveys,
             (select count(*) from surveys s where ${running} and s.status = 'published')::int as published`,
    ),
    selectRows<SurveyFigures['byDay'][number]>(
      db,
      sql`select ${DAY(sql`r.created_at`)} as day, count(*)::int as responses from survey_responses r where ${where} group by 1`,
    ),
    selectRows<SurveyFigures['bySurvey'][number]>(
      db,
      sql`
      select s.title, rs.responses from ${perSurvey} join surveys s on s.id = rs.survey_id order by 2 desc, s.id limit 10`,
    ),
    selectRows<Row>(
      db,
      sql`
      select s.id as "surveyId", s.title, s.status, s.audience, s.start_time as "startTime", s.end_time as "endTime",
             coalesce(rs.responses, 0) as responses, coalesce(rs.respondents, 0) as respondents, s.response_count as "allResponses", rs.last_answer as "lastAnswer"
        from surveys s left join ${perSurvey} on rs.survey_id = s.id
       where rs.survey_id is not null or ${running} order by coalesce(rs.responses, 0) desc, s.id desc limit ${limit}`,
    ),
  ]);
  return { totals: totals[0]!, byDay, bySurvey, rows };
}
