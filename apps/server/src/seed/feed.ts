import { sql } from 'drizzle-orm';
import { pushCardRequest, type CardCategory, type CardContent, type CardSaveStatus } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../db/client.js';
import type { CurrentUser } from '../platform/auth.js';
import type { FileStore } from '../platform/storage.js';
import { newCardId, saveCard } from '../modules/cards/index.js';
import { cancelPush, pushCards } from '../modules/push/index.js';
import { PushScheduler } from '../modules/push/index.js';
import { CardOpens } from '../modules/feed/index.js';

/**
 * Demo data of the card loop (spec 000): cards of the card operator and the administrator, their
 * pushes, deliveries and first opens. Runs inside the demo seed's transaction, after the users and
 * the directory, and goes through the product's own code: the card service saves the cards, the
 * push service pushes, cancels and pins, the scheduler delivers (and sends the must-read
 * reminders), and the feed's open path records who read what. Times are placed on a clock
 * relative to the seed's now, in order, so every rule sees the moment it would have seen
 * (docs/decisions/0035).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo cards carry no uploaded files (their bytes live outside the database), so the seed never stores any. */
const NO_FILES: FileStore = {
  put: () => Promise.reject(new Error('the demo cards store no files')),
  open: () => Promise.resolve(undefined),
  remove: () => Promise.resolve(),
};

interface DemoPush {
  /** Days before the seed's now that the push is made (hours after the card is written). */
  daysAgo: number;
  mustRead?: boolean;
  /** Pinned from the push until this many days after the seed's now. */
  pinDaysAhead?: number;
  /** Sent at a chosen time, this many days from the seed's now (negative: before it), queued until then. */
  dueDaysFromNow?: number;
  /** Cancelled (recalled from the queue) this many days before the seed's now. */
  cancelledDaysAgo?: number;
  /** First opens: [account, hours after the push]. */
  reads?: [string, number][];
}

export interface DemoCard {
  by: 'operator' | 'admin';
  /** 4 text card (created cards need no upload); a draft may be any template, its images still to come. */
  type: 0 | 1 | 2 | 3 | 4;
  category: CardCategory;
  bu: string;
  title: string;
  summary: string;
  link: string;
  status: CardSaveStatus;
  /** Days before the seed's now the card is written. */
  writtenDaysAgo: number;
  push?: DemoPush;
}

/** The demo cards, in the order they are written (titles at most 25 characters, summaries at most 150). */
export const DEMO_CARDS: DemoCard[] = [
  {
    by: 'operator',
    type: 4,
    category: 'study',
    bu: 'D&A_All',
    status: 'created',
    writtenDaysAgo: 21,
    title: '新版降糖药说明书修订要点',
    summary: '说明书在适应症、用法用量和不良反应三部分作了修订。拜访前请先阅读修订对照表,向医生介绍时以新版说明书为准。',
    link: 'https://learning.fieldpharma.example/da/label-update-2026',
    push: {
      daysAgo: 20,
      reads: [
        ['rep01', 2],
        ['rep02', 5],
        ['rep03', 26],
        ['msl01', 3],
        ['mgr01', 50],
      ],
    },
  },
  {
    by: 'admin',
    type: 4,
    category: 'study',
    bu: 'PC_All',
    status: 'created',
    writtenDaysAgo: 16,
    title: '移动门户升级完成通知',
    summary: '移动门户已完成升级:卡片支持置顶与必读提醒,阅读记录实时同步。使用中遇到问题请联系信息技术部。',
    link: 'https://portal.fieldpharma.example/help/release-notes',
    push: {
      daysAgo: 15,
      reads: [
        ['rep01', 1],
        ['rep02', 4],
        ['rep04', 9],
        ['rep05', 20],
        ['mgr01', 2],
        ['mgr02', 30],
        ['msl02', 6],
        ['crc01', 3],
      ],
    },
  },
  {
    by: 'operator',
    type: 4,
    category: 'visit',
    bu: 'PC_All',
    status: 'created',
    writtenDaysAgo: 13,
    title: '合规提醒:学术活动餐标新规',
    summary: '自下月一日起,学术活动餐标按城市等级执行新标准,超标部分不予报销。举办活动前请在系统中完成预算申请,并保留签到与发票。',
    link: 'https://compliance.fieldpharma.example/policy/meals-2026',
    push: {
      daysAgo: 12,
      mustRead: true,
      reads: [
        ['rep02', 3],
        ['rep03', 27],
        ['mgr01', 53],
        ['msl01', 8],
        ['rep05', 30],
      ],
    },
  },
  {
    by: 'operator',
    type: 4,
    category: 'exam',
    bu: 'Neuro_ALL',
    status: 'created',
    writtenDaysAgo: 10,
    title: '第四季度产品知识考试开始',
    summary: '神经产品线第四季度产品知识考试已开放,共 30 题,限时 40 分钟,80 分合格。请在本月 25 日前完成。',
    link: 'https://learning.fieldpharma.example/exam/neuro-q4',
    push: {
      daysAgo: 9,
      reads: [
        ['rep01', 4],
        ['rep04', 2],
        ['rep05', 7],
        ['rep06', 22],
        ['msl01', 1],
        ['msl02', 3],
        ['msl03', 48],
      ],
    },
  },
  {
    by: 'operator',
    type: 4,
    category: 'meetingAssistant',
    bu: 'Neuro_ALL',
    status: 'created',
    writtenDaysAgo: 7,
    title: '神经内科区域学术沙龙邀请',
    summary: '本月在成都举办神经内科区域学术沙龙,邀请华西医院专家分享帕金森病诊疗进展。请于会前三天在会议助手中完成报名。',
    link: 'https://meetings.fieldpharma.example/neuro-salon-chengdu',
    push: {
      daysAgo: 6,
      reads: [
        ['rep02', 1],
        ['rep05', 3],
        ['msl01', 2],
      ],
    },
  },
  {
    by: 'operator',
    type: 4,
    category: 'ranking',
    bu: 'PC_All',
    status: 'created',
    writtenDaysAgo: 4,
    title: '十月拜访之星排行榜',
    summary: '十月有效拜访排行榜出炉:华东区蝉联第一,华南区进步最快。完整榜单与各区域点评见详情。',
    link: 'https://portal.fieldpharma.example/ranking/2026-10',
    push: {
      daysAgo: 4,
      reads: [
        ['rep01', 6],
        ['rep03', 2],
        ['rep07', 12],
        ['rep08', 30],
        ['mgr02', 5],
      ],
    },
  },
  {
    by: 'operator',
    type: 4,
    category: 'visit',
    bu: 'IM_IBD',
    status: 'created',
    writtenDaysAgo: 2,
    title: '拜访记录填写规范',
    summary: '拜访记录须在拜访当天填写,写明拜访目的、沟通要点与医生反馈,不得记录与学术无关的内容。本规范置顶一个月,请全体同事遵照执行。',
    link: 'https://compliance.fieldpharma.example/visit-record-guide',
    push: {
      daysAgo: 2,
      pinDaysAhead: 30,
      reads: [
        ['rep03', 1],
        ['rep04', 5],
        ['mgr01', 2],
      ],
    },
  },
  {
    by: 'operator',
    type: 4,
    category: 'study',
    bu: 'IM_IBD',
    status: 'created',
    writtenDaysAgo: 1.5,
    title: '炎症性肠病诊疗进展学习卡',
    summary: '汇总今年炎症性肠病诊疗共识的五个要点,附常见问答,适合拜访消化科医生前快速复习。',
    link: 'https://learning.fieldpharma.example/im/ibd-update',
    push: { daysAgo: 1, reads: [['rep06', 3]] },
  },
  {
    by: 'operator',
    type: 4,
    category: 'meetingAssistant',
    bu: 'PC_All',
    status: 'created',
    writtenDaysAgo: 1,
    title: '下月城市会报名通知',
    summary: '下月上海、北京、广州三地城市会开始报名,每场限 80 人。请在会议助手中为目标医生提交邀请。',
    link: 'https://meetings.fieldpharma.example/city-meetings',
    push: { daysAgo: 1, dueDaysFromNow: 30 },
  },
  {
    by: 'operator',
    type: 4,
    category: 'ranking',
    bu: 'PC_All',
    status: 'created',
    writtenDaysAgo: 3,
    title: '年终拜访冲刺活动',
    summary: '年终拜访冲刺活动规则待市场部确认,推送已撤回,确认后重新推送。',
    link: 'https://portal.fieldpharma.example/campaign/year-end',
    push: { daysAgo: 3, dueDaysFromNow: -1, cancelledDaysAgo: 2 },
  },
  {
    by: 'operator',
    type: 4,
    category: 'study',
    bu: 'D&A_All',
    status: 'created',
    writtenDaysAgo: 0.5,
    title: '新产品上市培训资料',
    summary: '新产品上市培训资料:作用机制、目标患者与常见问答。待培训日期确定后推送给相关团队。',
    link: 'https://learning.fieldpharma.example/launch/training',
  },
  {
    by: 'admin',
    type: 4,
    category: 'study',
    bu: 'PC_All',
    status: 'created',
    writtenDaysAgo: 0.25,
    title: '信息安全意识月',
    summary: '十二月是信息安全意识月:请勿在外部应用中转发客户资料,发现可疑邮件请立即报告信息技术部。',
    link: 'https://portal.fieldpharma.example/security-month',
  },
  {
    by: 'operator',
    type: 2,
    category: 'study',
    bu: 'Neuro_ALL',
    status: 'draft',
    writtenDaysAgo: 5,
    title: '帕金森病患者教育手册',
    summary: '面向患者的用药与康复指导手册,配图待上传。',
    link: 'https://learning.fieldpharma.example/neuro/patient-guide',
  },
  {
    by: 'operator',
    type: 4,
    category: 'exam',
    bu: 'IM_IBD',
    status: 'draft',
    writtenDaysAgo: 0.75,
    title: '十二月培训日程',
    summary: '',
    link: '',
  },
];

/** Portal time (UTC+8) as the card editor writes a text card's creation time. */
function portalTimeText(ms: number): string {
  return new Date(ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
}

function contentOf(card: DemoCard, author: string, writtenAt: number): CardContent {
  return {
    type: card.type,
    selectValue: card.category,
    BU: card.bu,
    titleName: card.title,
    zhaiyao: card.summary,
    author,
    imageUrl: '',
    imageUrl1: '',
    imageUrl2: '',
    imageUrl3: '',
    linkValue: card.link || 'http://',
    fileList: [],
    createTime: portalTimeText(writtenAt),
  };
}

interface Event {
  at: number;
  /** Order among events at the same time (the order they were listed). */
  seq: number;
  run: () => Promise<void>;
}

export async function seedFeed(tx: Tx): Promise<void> {
  // On the hour, so the demo's times read like an operator's.
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  let clock = now;
  const db = tx as unknown as Db;
  const deps = { db, files: NO_FILES, now: () => clock };
  const scheduler = new PushScheduler(db);
  const opens = new CardOpens(db, () => clock);

  const accounts = await selectRows<{ id: number; username: string; first_name: string; employee_no: string }>(
    tx,
    sql`select id, username, first_name, employee_no from users order by id`,
  );
  const account = new Map(accounts.map((a) => [a.username, a]));
  const userOf = (username: string): CurrentUser => {
    const a = account.get(username)!;
    return { id: a.id, username: a.username, firstName: a.first_name, sessionId: 'demo-seed', authorities: new Set(), menuIds: [] };
  };
  // Every demo push goes to the field staff as named staff: the field accounts, and the directory's
  // next forty people (no portal account in the demo). An all-staff push would reach the 2,000
  // employees of the directory, who cannot read it in the demo, and swamp every read rate.
  const fieldAccounts = accounts.filter((a) => /^(rep|msl|mgr|maf|crc)\d+$/.test(a.username)).map((a) => a.employee_no);
  const others = await selectRows<{ wwid: string }>(
    tx,
    sql`select wwid from employees where wwid not in (select employee_no from users) order by wwid limit 40`,
  );
  const field = [...fieldAccounts, ...others.map((o) => o.wwid)];

  const events: Event[] = [];
  const at = (time: number, run: () => Promise<void>) => events.push({ at: time, seq: events.length, run });
  for (const card of DEMO_CARDS) {
    const writtenAt = now - card.writtenDaysAgo * DAY;
    let cardId = 0;
    at(writtenAt, async () => {
      const user = userOf(card.by);
      cardId = (await newCardId(deps, user)).id;
      await saveCard(deps, user, { id: cardId, content: JSON.stringify(contentOf(card, user.firstName, writtenAt)), status: card.status });
    });
    const push = card.push;
    if (!push) continue;
    const pushedAt = Math.max(now - push.daysAgo * DAY, writtenAt + HOUR);
    let queued = { pushId: 0, queueId: 0 };
    at(pushedAt, async () => {
      const pin =
        push.pinDaysAhead === undefined
          ? {}
          : { top: true, topStartTime: new Date(pushedAt).toISOString(), topEndTime: new Date(now + push.pinDaysAhead * DAY).toISOString() };
      const request = pushCardRequest.parse({
        pushDate: push.dueDaysFromNow === undefined ? '0' : new Date(now + push.dueDaysFromNow * DAY).toISOString(),
        pushInfo: [{ id: cardId, ...(push.mustRead ? { mustRead: true, notReadTime: 24, pushNum: 3 } : {}) }],
        receiver: field.map((wwid) => ({ receiverId: wwid, receiverName: '' })),
        remark: { scope: 2, ...pin, permanent: false },
      });
      const result = await pushCards(deps, userOf(card.by), request);
      queued = { pushId: result.pushId, queueId: result.queue[0]!.queueId };
      // "Send immediately": the scheduler delivers it at once, as its next tick would.
      await scheduler.runDue(clock);
    });
    if (push.cancelledDaysAgo !== undefined) at(now - push.cancelledDaysAgo * DAY, () => cancelPush(deps, queued));
    if (push.mustRead) {
      // The reminders fall due every 24 unread hours; the scheduler sends them when they do.
      for (let k = 1; k <= 2; k++) at(pushedAt + k * 24 * HOUR, async () => void (await scheduler.runDue(clock)));
    }
    for (const [username, hours] of push.reads ?? []) {
      at(pushedAt + hours * HOUR, async () => void (await opens.open(account.get(username)!.id, cardId)));
    }
  }
  events.sort((a, b) => a.at - b.at || a.seq - b.seq);
  for (const event of events) {
    if (event.at > now) throw new Error('a demo card event lies in the future');
    clock = event.at;
    await event.run();
  }
  clock = now;
  await scheduler.runDue(now);
}
