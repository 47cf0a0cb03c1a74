import { sql } from 'drizzle-orm';
import { checkAnswers, surveySchema, type SurveySchema } from '@field-portal/shared';
import { selectRows, type Tx } from '../db/client.js';
import { doctorIdsInScope } from '../modules/customers/index.js';
import { medicinesWithIndications } from '../modules/reference/index.js';
import { counterRows } from '../modules/surveys/index.js';

/**
 * Demo data of meetings, the content centre and surveys; runs inside the demo seed's transaction,
 * after the users. Reads, answers and counters are written the way the services write them.
 */
const DAY = 86_400_000;

const ARTICLES: {
  title: string;
  summary: string;
  body: string;
  channel: string;
  category: string;
  department?: string;
  source?: string;
  sourceName?: string;
  sourceUrl?: string;
  daysAgo: number;
  recommend?: string;
}[] = [
  {
    title: '2026 版肺癌诊疗指南要点解读',
    summary: '新版指南在靶向治疗与免疫治疗的推荐上有哪些变化',
    body: '<h3>主要变化</h3><p>新版指南进一步细化了<strong>驱动基因阳性</strong>患者的一线治疗推荐。</p><ul><li>靶向治疗优先</li><li>免疫联合化疗适应人群扩大</li></ul>',
    channel: 'contentCenter',
    category: 'guideline',
    daysAgo: 2,
    recommend: 'recommend',
  },
  {
    title: '合规拜访的十个要点',
    summary: '与医疗卫生专业人士互动时需要遵守的基本原则',
    body: '<p>每一次拜访都应有明确的<em>学术目的</em>,并如实记录。</p><ol><li>不提供任何不当利益</li><li>会议餐标遵守公司政策</li></ol>',
    channel: 'contentCenter',
    category: 'compliance',
    daysAgo: 5,
    recommend: 'jointRecommend',
  },
  {
    title: '心衰患者长期管理的真实世界研究',
    summary: '来自公开期刊的研究摘要,仅供内部学习',
    body: '<p>该研究纳入 3,000 余例患者,随访 24 个月。</p><p>原文见来源链接。</p>',
    channel: 'contentCenter',
    category: 'medical',
    source: 'external',
    sourceName: '中华心血管病杂志',
    sourceUrl: 'https://example.org/journal/heart-failure',
    daysAgo: 7,
  },
  {
    title: '新产品上市培训资料',
    summary: '产品机制、适应症与常见问答',
    body: '<h3>作用机制</h3><p>本品通过选择性抑制……</p>',
    channel: 'contentCenter',
    category: 'training',
    daysAgo: 12,
    recommend: 'other',
  },
  {
    title: '公司荣获年度最佳雇主称号',
    summary: '感谢每一位同事的付出',
    body: '<p>在本年度评选中,公司荣获<strong>最佳雇主</strong>称号。</p>',
    channel: 'companyDynamics',
    category: 'other',
    daysAgo: 1,
  },
  {
    title: '第三季度业务回顾',
    summary: '各区域业绩与重点项目进展',
    body: '<p>第三季度各区域均完成既定目标。</p>',
    channel: 'companyDynamics',
    category: 'market',
    daysAgo: 20,
  },
  { title: '医药行业新闻周报', summary: '本周政策与市场动态', body: '<p>国家医保目录调整工作启动。</p>', channel: 'news', category: 'market', daysAgo: 3 },
  {
    title: '集采政策最新进展',
    summary: '第十批集采结果公布',
    body: '<p>本批次共涉及 60 余个品种。</p>',
    channel: 'news',
    category: 'market',
    daysAgo: 9,
    source: 'external',
    sourceName: '医药经济报',
    sourceUrl: 'https://example.org/news/vbp',
  },
  {
    title: 'HIPO 项目启动会通知',
    summary: '高潜人才发展项目第二期',
    body: '<p>请入选同事准时参加启动会。</p>',
    channel: 'departmentDynamics',
    department: 'hipo',
    category: 'training',
    daysAgo: 1,
  },
  {
    title: 'IT 系统升级公告',
    summary: '本周六晚 22:00 至次日 2:00 系统维护',
    body: '<p>维护期间门户将暂停服务。</p>',
    channel: 'departmentDynamics',
    department: 'it',
    category: 'other',
    daysAgo: 2,
  },
  {
    title: '年度体检安排',
    summary: 'HR 关于年度体检的通知',
    body: '<p>请于本月底前完成预约。</p>',
    channel: 'departmentDynamics',
    department: 'hr',
    category: 'other',
    daysAgo: 4,
  },
  {
    title: '费用报销新流程',
    summary: '财务部关于报销流程调整的说明',
    body: '<p>自下月起,报销单据统一线上提交。</p>',
    channel: 'departmentDynamics',
    department: 'finance',
    category: 'compliance',
    daysAgo: 6,
  },
  {
    title: 'VINS 疫苗冷链管理要点',
    summary: '疫苗业务部关于冷链交接记录的提醒',
    body: '<p>每一次交接都需记录温度与签收人。</p>',
    channel: 'departmentDynamics',
    department: 'vins',
    category: 'compliance',
    daysAgo: 3,
  },
  {
    title: 'RAPID 项目季度复盘',
    summary: '快速准入项目本季度进展与下季度重点',
    body: '<p>本季度新增准入医院 26 家。</p>',
    channel: 'departmentDynamics',
    department: 'rapid',
    category: 'market',
    daysAgo: 8,
  },
  {
    title: 'MAF 医学事务月度简报',
    summary: '本月医学咨询与学术活动汇总',
    body: '<p>本月共回复医学咨询 142 条。</p>',
    channel: 'departmentDynamics',
    department: 'maf',
    category: 'medical',
    daysAgo: 5,
  },
  {
    title: 'GAMA 大客户团队招聘',
    summary: '关键客户经理岗位内部推荐',
    body: '<p>欢迎符合条件的同事内部推荐。</p>',
    channel: 'departmentDynamics',
    department: 'gama',
    category: 'other',
    daysAgo: 10,
  },
  {
    title: 'SPACE 办公区搬迁通知',
    summary: '上海办公室部分楼层调整',
    body: '<p>搬迁期间请提前整理个人物品。</p>',
    channel: 'departmentDynamics',
    department: 'space',
    category: 'other',
    daysAgo: 12,
  },
  {
    title: 'HCC 肝癌产品线培训',
    summary: '肝细胞癌治疗进展与产品知识',
    body: '<p>培训安排在下周三下午。</p>',
    channel: 'departmentDynamics',
    department: 'hcc',
    category: 'training',
    daysAgo: 6,
  },
  {
    title: 'CQ 质量体系内审安排',
    summary: '质量部年度内审时间表',
    body: '<p>各部门请于本月准备内审资料。</p>',
    channel: 'departmentDynamics',
    department: 'cq',
    category: 'compliance',
    daysAgo: 15,
  },
  {
    title: '其他部门:年会志愿者招募',
    summary: '行政部招募年会筹备志愿者',
    body: '<p>报名截止到本周五。</p>',
    channel: 'departmentDynamics',
    department: 'others',
    category: 'other',
    daysAgo: 18,
  },
];

/**
 * The demo meetings. `medicine` picks a medicine of data management (the reference module's list,
 * in its order, wrapped): the cardiology and oncology meetings promote the first, the online and
 * neurology ones the second, so one demo product has held meetings with speakers and one has none yet.
 */
const MEETINGS: { title: string; type: string; status: string; days: number; city: string; hospital?: string; onlineUrl?: string; medicine: number }[] = [
  { title: '肺癌靶向治疗城市会', type: 'academic', status: 'held', days: -10, city: '上海', hospital: '瑞金医院', medicine: 0 },
  { title: '心内科科室会', type: 'department', status: 'closed', days: -25, city: '北京', hospital: '协和医院', medicine: 0 },
  { title: '讲者培训项目', type: 'speaker', status: 'planned', days: 5, city: '广州', hospital: '中山一院', medicine: 0 },
  { title: '线上病例分享会', type: 'online', status: 'planned', days: 1, city: '全国', onlineUrl: 'https://meet.example.com/case-sharing', medicine: 1 },
  { title: '神经内科学术沙龙', type: 'academic', status: 'draft', days: 20, city: '成都', hospital: '华西医院', medicine: 1 },
  { title: '区域市场推广会', type: 'department', status: 'cancelled', days: 3, city: '杭州', hospital: '浙大一院', medicine: 0 },
];

const SURVEY: SurveySchema = surveySchema.parse({
  questions: [
    {
      id: 'q1',
      type: 'single',
      title: '您更喜欢哪种会议形式?',
      required: true,
      options: [
        { id: 'o1', label: '线上' },
        { id: 'o2', label: '线下' },
        { id: 'o3', label: '混合' },
      ],
    },
    {
      id: 'q2',
      type: 'multiple',
      title: '您希望获得哪些内容?',
      options: [
        { id: 'o1', label: '临床研究' },
        { id: 'o2', label: '指南解读' },
        { id: 'o3', label: '病例分享' },
        { id: 'o4', label: '产品培训' },
      ],
    },
    { id: 'q3', type: 'rating', title: '您对内容中心的满意度', required: true, max: 5 },
    { id: 'q4', type: 'text', title: '其他建议', maxLength: 200 },
  ],
});

export async function seedMeetingsContent(tx: Tx): Promise<void> {
  const now = Date.now();
  const users = new Map((await selectRows<{ id: number; username: string }>(tx, sql`select id, username from users`)).map((u) => [u.username, u.id]));
  const id = (username: string) => users.get(username)!;
  const readers = ['rep01', 'rep02', 'rep03', 'rep04', 'msl01', 'mgr01', 'mkt01'];
  for (const [i, a] of ARTICLES.entries()) {
    const at = new Date(now - a.daysAgo * DAY).toISOString();
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`
      insert into articles (title, summary, body, channel, category, department, source, source_name, source_url, status, publish_time, recommend_state, author_id, created_at, updated_at)
      values (${a.title}, ${a.summary}, ${a.body}, ${a.channel}, ${a.category}, ${a.department ?? null}, ${a.source ?? 'internal'}, ${a.sourceName ?? ''}, ${a.sourceUrl ?? ''},
              'published', ${at}::timestamptz, ${a.recommend ?? null}, ${id('operator')}, ${at}::timestamptz, ${at}::timestamptz)
      returning id`,
    );
    // A few reads each, first read after publishing; the trigger keeps the article's totals.
    for (const [j, reader] of readers.slice(0, (i * 3) % readers.length).entries()) {
      const first = new Date(now - a.daysAgo * DAY + (j + 1) * 3_600_000).toISOString();
      await tx.execute(
        sql`insert into article_reads (article_id, user_id, first_read_at, last_read_at, read_count) values (${row!.id}, ${id(reader)}, ${first}::timestamptz, ${first}::timestamptz, ${1 + (j % 3)})`,
      );
    }
  }
  // Invitees from the customers module's doctors (the whole dataset's scope: demo data).
  const invitees = (
    await selectRows<{ id: number }>(
      tx,
      sql`select x.id from ${doctorIdsInScope({ userId: 0, all: true, hospitalIds: [], provinceCodes: [] })} x order by x.id limit 120`,
    )
  ).map((r) => r.id);
  // The products are the demo's real medicines (data management's list), through the reference module's service.
  const medicines = (await medicinesWithIndications(tx)).map((m) => m.name);
  for (const [index, m] of MEETINGS.entries()) {
    const medicine = medicines.length ? medicines[m.medicine % medicines.length]! : '';
    const start = new Date(now + m.days * DAY);
    start.setUTCHours(6, 0, 0, 0);
    const end = new Date(start.getTime() + 3 * 3_600_000);
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`
      insert into meetings (title, type, status, start_time, end_time, city, hospital, online_url, medicine, description, owner_id, created_at, updated_at)
      values (${m.title}, ${m.type}, ${m.status}, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${m.city}, ${m.hospital ?? ''}, ${m.onlineUrl ?? ''},
              ${medicine}, '', ${id('mkt01')}, ${new Date(now - 30 * DAY).toISOString()}::timestamptz, ${new Date(now - 30 * DAY).toISOString()}::timestamptz)
      returning id`,
    );
    await tx.execute(
      sql`insert into meeting_co_organizers (meeting_id, user_id, added_at) values (${row!.id}, ${id('mkt02')}, ${new Date(now - 30 * DAY).toISOString()}::timestamptz)`,
    );
    // Attendees: RSVP for every meeting past its draft; attendance, check-in and feedback once held.
    if (m.status === 'draft' || invitees.length === 0) continue;
    const held = m.status === 'held' || m.status === 'closed';
    const group = invitees.slice(index * 20, index * 20 + 12 + index * 2);
    for (const [j, doctorId] of group.entries()) {
      const rsvp = ['accepted', 'accepted', 'accepted', 'tentative', 'declined', 'pending'][j % 6]!;
      const attended = held && rsvp !== 'declined' && j % 5 !== 4;
      await tx.execute(sql`
        insert into meeting_attendees (meeting_id, doctor_id, rsvp, role, attended, check_in_time, feedback_score, added_at)
        values (${row!.id}, ${doctorId}, ${rsvp}, ${j === 0 ? 'chair' : j < 3 ? 'speaker' : 'attendee'}, ${attended},
                ${attended ? new Date(start.getTime() + j * 60_000).toISOString() : null}::timestamptz, ${attended ? 3 + (j % 3) : null},
                ${new Date(now - 20 * DAY).toISOString()}::timestamptz)`);
    }
    await tx.execute(sql`update meetings set attendee_count = ${group.length} where id = ${row!.id}`);
  }
  const [survey] = await selectRows<{ id: number }>(
    tx,
    sql`
    insert into surveys (title, description, schema, audience, start_time, end_time, anonymous, allow_repeat, status, author_id, created_at, updated_at)
    values ('内容中心满意度调查', '帮助我们改进内容中心', ${JSON.stringify(SURVEY)}::jsonb, 'all', ${new Date(now - 7 * DAY).toISOString()}::timestamptz,
            ${new Date(now + 30 * DAY).toISOString()}::timestamptz, false, false, 'published', ${id('mkt01')}, ${new Date(now - 7 * DAY).toISOString()}::timestamptz,
            ${new Date(now - 7 * DAY).toISOString()}::timestamptz)
    returning id`,
  );
  const respondents = ['rep02', 'rep03', 'rep04', 'rep05', 'rep06', 'msl01', 'msl02', 'mgr01'];
  for (const [i, username] of respondents.entries()) {
    const checked = checkAnswers(SURVEY, {
      q1: `o${(i % 3) + 1}`,
      q2: i % 2 ? ['o1', 'o3'] : ['o2'],
      q3: 3 + (i % 3),
      ...(i % 3 === 0 ? { q4: '希望增加更多病例分享' } : {}),
    });
    if (!checked.ok) throw new Error('demo survey answer does not fit');
    const at = new Date(now - (6 - (i % 6)) * DAY).toISOString();
    await tx.execute(
      sql`insert into survey_respondents (survey_id, user_id, answers, last_answered_at) values (${survey!.id}, ${id(username)}, 1, ${at}::timestamptz)`,
    );
    await tx.execute(
      sql`insert into survey_responses (survey_id, user_id, answers, created_at) values (${survey!.id}, ${id(username)}, ${JSON.stringify(checked.answers)}::jsonb, ${at}::timestamptz)`,
    );
    for (const c of counterRows(SURVEY, checked.answers)) {
      await tx.execute(sql`
        insert into survey_answer_counts (survey_id, question_id, row_id, value, count, total) values (${survey!.id}, ${c.q}, ${c.r}, ${c.v}, ${c.c}, ${c.t})
        on conflict (survey_id, question_id, row_id, value) do update set count = survey_answer_counts.count + excluded.count, total = survey_answer_counts.total + excluded.total`);
    }
  }
  await tx.execute(sql`update surveys set response_count = ${respondents.length} where id = ${survey!.id}`);
}
