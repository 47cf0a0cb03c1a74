import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { currentLexicon } from './generator.js';
import { scoreText } from './sentiment.js';
import type { JobSet } from '../../platform/jobs/index.js';

export interface SentimentJobOptions {
  /** Items claimed per transaction. */
  batchSize?: number;
  onRescored?: (event: { version: string; items: number }) => void;
}

export const SENTIMENT_JOB = 'sentiment';

/** The rescoring as periodic work of the job runner (platform/jobs): every 5 seconds by default. */
export function sentimentJobs(db: Db, options: SentimentJobOptions = {}, intervalMs = 5000): JobSet {
  const job = new SentimentJob(db, options);
  return { periodic: [{ name: SENTIMENT_JOB, intervalMs, work: () => job.run() }] };
}

/**
 * Rescores public-opinion items when data management's lexicon changes (docs/decisions/0025).
 *
 * Each item records the lexicon version it was scored with; a run reads the current version (a
 * hash of the lexicon keywords) and claims items of another version in batches with
 * FOR UPDATE SKIP LOCKED, scores them and writes sentiment, score, explanation and version in the
 * same transaction. Another instance skips the locked rows and takes the next batch; a crash rolls
 * the batch back to its old version, so it is claimed again.
 */
export class SentimentJob {
  /** The version every item had at the end of this instance's last complete run. */
  private done: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: SentimentJobOptions = {},
  ) {}

  /** Rescores every item not scored with the current lexicon; the number rescored by this instance. */
  async run(): Promise<number> {
    const lexicon = await currentLexicon(this.db);
    if (this.done === lexicon.version) return 0;
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const claimed = await selectRows<{ id: number; text: string }>(
          tx,
          sql`select id, text from opinion_items where lexicon_version <> ${lexicon.version}
               order by id limit ${this.options.batchSize ?? 2000} for update skip locked`,
        );
        if (claimed.length === 0) return 0;
        const scored = claimed.map((item) => {
          const r = scoreText(item.text, lexicon);
          return { id: item.id, s: r.sentiment, sc: r.score, e: { hits: r.hits, score: r.score } };
        });
        await tx.execute(sql`
          update opinion_items o set sentiment = x.s, score = x.sc, explanation = x.e, lexicon_version = ${lexicon.version}
            from jsonb_to_recordset(${JSON.stringify(scored)}::jsonb) as x(id int, s text, sc real, e jsonb)
           where o.id = x.id`);
        return claimed.length;
      });
      if (n === 0) break;
      total += n;
    }
    this.done = lexicon.version;
    if (total > 0) this.options.onRescored?.({ version: lexicon.version, items: total });
    return total;
  }
}
