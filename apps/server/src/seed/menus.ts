/**
 * The menu tree of the demo data: every route of spec 001 section 2.4 (and the layout
 * routes of 2.3), with its router name, its sort value and its authority marking.
 * Report screens use their sort value as the dashboard id (spec 000 section 2), so
 * those are unique.
 */
export interface MenuSeed {
  router: string;
  path: string;
  name: string;
  nameEn: string;
  icon?: string;
  hidden?: boolean;
  watermark?: boolean;
  secondaryMenu?: boolean;
  sort?: number;
  children?: MenuSeed[];
}

const leaf = (router: string, path: string, name: string, nameEn: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  router,
  path,
  name,
  nameEn,
  ...extra,
});

const REPORTS: [string, string, string][] = [
  ['recruitDoctor', '注册医生', 'Registered doctors'],
  ['reachDoctor', '触达医生', 'Reached doctors'],
  ['effectiveVisit', '有效拜访', 'Effective visits'],
  ['effectiveMeeting', '有效会议', 'Effective meetings'],
  ['onlineGraphicVisit', '线上图文拜访', 'Online text visits'],
  ['multimediaVisit', '音视频拜访', 'Audio and video visits'],
  ['telephoneVisit', '电话拜访', 'Phone visits'],
  ['pushArticles', '推送文章', 'Pushed articles'],
  ['meeting', '会议明细', 'Meeting details'],
  ['rdRelation', '代表医生覆盖', 'Rep-doctor coverage'],
  ['cityMeetingDetails', '城市会议明细', 'City meeting details'],
  ['surveyResults', '问卷结果', 'Survey results'],
  ['docMain', 'HCP 主数据', 'HCP master data'],
  ['articleLists', '文章列表', 'Article lists'],
  ['readData', '阅读数据', 'Read data'],
  ['imChatLog', '聊天记录', 'Chat log'],
  ['systemAc', '系统访问', 'System access'],
  ['cardInfo', '卡片信息', 'Card information'],
  ['cardRec', '卡片推荐', 'Card recommendation'],
  ['cardPushDetail', '卡片推送明细', 'Card push detail'],
  ['masterData', '多类型客户主数据', 'Multi-type customer master data'],
  ['goData', '目标数据', 'Goals data'],
  ['docRegisDetail', '医生注册明细', 'Doctor registration detail'],
  ['docTagDetail', '医生标签明细', 'Doctor tag detail'],
  ['callRecord', '通话记录', 'Call records'],
  ['jvisaSystemPoint', 'JVISA 系统埋点', 'JVISA system tracking'],
  ['meetingMasterData', '会议主数据', 'Meeting master data'],
];

const DEPARTMENTS = ['hipo', 'vins', 'rapid', 'maf', 'gama', 'space', 'hcc', 'it', 'cq', 'finance', 'hr', 'others'];

export const MENU_TREE: MenuSeed[] = [
  leaf('dashboard', '/dashboard', '首页', 'Home', { icon: 'HomeOutlined' }),
  leaf('appCentre', '/appCentre', '应用中心', 'App centre', { icon: 'AppstoreOutlined' }),
  leaf('personalcenter', '/personalcenter/index', '个人中心', 'Personal centre', { hidden: true }),
  leaf('downloadCentre', '/downloadCentre/index', '下载中心', 'Download centre', { hidden: true }),
  {
    ...leaf('informationDynamics', '/informationDynamics', '信息动态', 'Information', { icon: 'NotificationOutlined', secondaryMenu: true }),
    children: [
      leaf('companyDynamics', '/informationDynamics/companyDynamics', '公司动态', 'Company news'),
      {
        ...leaf('departmentDynamics', '/informationDynamics/departmentDynamics', '部门动态', 'Department news'),
        children: DEPARTMENTS.map((d, i) => leaf(d, `/informationDynamics/departmentDynamics/${d}`, d.toUpperCase(), d.toUpperCase(), { sort: i + 1 })),
      },
    ],
  },
  {
    ...leaf('news', '/news', '消息', 'Messages', { icon: 'MessageOutlined' }),
    children: [leaf('newsIndex', '/news/index', '消息中心', 'Message centre'), leaf('meetingNews', '/news/meetingNews', '会议消息', 'Meeting messages')],
  },
  {
    ...leaf('customer', '/customer', '客户', 'Customers', { icon: 'TeamOutlined', secondaryMenu: true, watermark: true }),
    children: [
      leaf('doctorTeamManager', '/customer/doctorTeamManager', '医生团队管理', 'Doctor team manager'),
      leaf('totaldoctor', '/customer/totaldoctor', '全部医生', 'All doctors'),
      leaf('doctorLabel', '/customer/doctorLabel', '医生标签', 'Doctor tags'),
      leaf('businessRecord', '/customer/businessRecord/:doctorId/:doctorName', '业务记录', 'Business record', { hidden: true }),
      leaf('hospitalTeamManager', '/customer/hospitalTeamManager', '医院团队管理', 'Hospital team manager'),
      leaf('totalHospital', '/customer/totalHospital', '全部医院', 'All hospitals'),
      leaf('hospitalDetail', '/customer/hospitalDetail/:id/:name', '医院详情', 'Hospital detail', { hidden: true }),
    ],
  },
  {
    ...leaf('task', '/task', '任务', 'Tasks', { icon: 'ScheduleOutlined', secondaryMenu: true }),
    children: [
      leaf('myPlan', '/task/myPlan', '我的计划', 'My plan'),
      {
        ...leaf('newRecord', '/task/newRecord', '新建记录', 'New record'),
        children: [
          leaf('visitReport', '/task/newRecord/visitReport', '拜访报告', 'Visit report'),
          leaf('activityPlan', '/task/newRecord/activityPlan', '活动计划', 'Activity plan'),
        ],
      },
      leaf('today', '/task/today', '今日任务', 'Today'),
      leaf('taskMineCreate', '/task/taskMineCreate', '我创建的任务', 'Tasks I created'),
      leaf('taskRecord', '/task/taskRecord', '任务记录', 'Task records'),
      leaf('teamInteractioRecord', '/task/teamInteractioRecord', '团队互动记录', 'Team interaction records'),
      leaf('taskRecordDetail', '/task/taskRecordDetail', '任务记录详情', 'Task record detail', { hidden: true }),
      leaf('done', '/task/done', '创建任务', 'Create task'),
    ],
  },
  {
    ...leaf('contentCenter', '/contentCenter', '内容中心', 'Content centre', { icon: 'ReadOutlined' }),
    children: [
      leaf('contentCenterIndex', '/contentCenter/contentCenterIndex', '内容中心', 'Content centre'),
      leaf('ccArticleDetail', '/contentCenter/ccArticleDetail', '文章详情', 'Article detail', { hidden: true }),
      leaf('surveyQuesDetail', '/contentCenter/surveyQuesDetail', '问卷详情', 'Survey detail', { hidden: true }),
      leaf('contentDetail', '/contentCenter/contentDetail/:title', '内容详情', 'Content detail', { hidden: true }),
    ],
  },
  {
    ...leaf('cardArea', '/card', '卡片', 'Cards', { icon: 'AppstoreOutlined', secondaryMenu: true }),
    children: [
      leaf('NewCard', '/card/newCard', '新建卡片', 'New card'),
      leaf('CreatedCard', '/card/createdCard', '已创建卡片', 'Created cards'),
      leaf('DraftCard', '/card/draftCard', '卡片草稿', 'Card drafts'),
      leaf('card', '/card/edit', '编辑卡片', 'Edit card', { hidden: true }),
    ],
  },
  {
    ...leaf('recommend', '/recommend', '推荐', 'Recommend', { icon: 'SendOutlined', secondaryMenu: true }),
    children: [
      leaf('NewRecommend', '/recommend/newRecommend', '卡片推送', 'Push cards'),
      leaf('Published', '/recommend/published', '已发布', 'Published'),
      leaf('InQueue', '/recommend/inQueue', '队列中', 'In queue'),
    ],
  },
  {
    ...leaf('medicine', '/medicine', '药品分析', 'Drug analysis', { icon: 'MedicineBoxOutlined', secondaryMenu: true, watermark: true }),
    children: [
      leaf('medicineNet', '/medicine/medicineNet', '药品全网', 'Drug net search'),
      leaf('medicineMarket', '/medicine/medicineMarket', '药品市场', 'Drug market'),
      leaf('MedAna', '/medicine/MedAna', '舆情分析', 'Public opinion'),
      leaf('indicationMedAna', '/medicine/indicationMedAna', '适应症药品分析', 'Indication drug analysis'),
      leaf('indicationDrug', '/medicine/indicationDrug', '适应症药品态度', 'Indication-drug attitude'),
      leaf('eventDetail', '/medicine/eventDetail', '事件详情', 'Event detail', { hidden: true }),
    ],
  },
  {
    ...leaf('doctor', '/doctor', '医生分析', 'Doctor analysis', { icon: 'UserOutlined', secondaryMenu: true, watermark: true }),
    children: [
      leaf('doctorList', '/doctor/doctorList', '医生列表', 'Doctor list'),
      leaf('doctorFullViewDetail', '/doctor/doctorFullViewDetail/:id/:nameDoctor', '医生 360', 'Doctor 360', { hidden: true }),
      leaf('doctorDetail', '/doctor/doctorDetail/:id/:nameDoctor', '医生详情', 'Doctor detail', { hidden: true }),
      leaf('doctorRelationCenter', '/doctor/doctorRelationCenter', '医生关系中心', 'Doctor relationship'),
      leaf('doctorIntelligenceAdvice', '/doctor/doctorIntelligenceAdvice', '智能建议', 'Smart suggestions'),
      leaf('lecturerRating', '/doctor/lecturerRating', '讲者评级', 'Lecturer rating'),
      leaf('patientAna', '/doctor/patientAna', '患者分析', 'Patient analysis'),
      leaf('KOLmapping', '/doctor/KOLmapping', 'KOL 图谱', 'KOL mapping'),
      leaf('TargetHCPMapping', '/doctor/TargetHCPMapping', '目标 HCP', 'Target HCP mapping'),
      leaf('doctorAcademicNetwork', '/doctor/doctorAcademicNetwork', '学术网络', 'Academic network'),
      leaf('doctorGroupAnalysis', '/doctor/doctorGroupAnalysis', '医生群体分析', 'Doctor group analysis'),
    ],
  },
  {
    ...leaf('other', '/other', '更多', 'More', { icon: 'BlockOutlined' }),
    children: [
      leaf('dataCollection', '/dataCollection/index', '数据定制', 'Custom data collection'),
      leaf('academicContext', '/academic/academicContext', '学术脉络', 'Academic context'),
      leaf('batchPushIndex', '/batchPush/batchPushIndex', '批量推送', 'Batch push'),
      leaf('meetingReportIndex', '/meetingReport/meetingReportIndex', '会议报告', 'Meeting report'),
      leaf('surveyList', '/surveyList/index', '问卷', 'Surveys'),
    ],
  },
  {
    ...leaf('reportDownload', '/reportDownload', '报表', 'Reports', { icon: 'BarChartOutlined', secondaryMenu: true }),
    children: REPORTS.map(([router, name, nameEn], i) => leaf(router, `/reportDownload/${router}`, name, nameEn, { sort: 101 + i })),
  },
  {
    ...leaf('system', '/system', '系统管理', 'Administration', { icon: 'SettingOutlined', secondaryMenu: true }),
    children: [
      leaf('lang', '/system/lang', '语言管理', 'Languages'),
      leaf('role', '/system/role', '角色管理', 'Roles'),
      leaf('org', '/system/org', '组织管理', 'Organisations'),
      leaf('menuManager', '/system/menuManager', '菜单管理', 'Menus'),
      leaf('user', '/system/user', '用户管理', 'Users'),
      leaf('dataCollectionManage', '/system/dataCollectionManage', '数据定制处理', 'Data requests'),
      leaf('appManagement', '/system/appManagement', '应用管理', 'App management'),
      leaf('setting', '/system/setting', '企业设置', 'Company settings'),
      leaf('accessToken', '/system/accessToken', '访问令牌', 'Access tokens'),
      leaf('messageManger', '/system/messageManger', '消息组', 'Message groups'),
      leaf('messageEdit', '/system/messageEdit', '消息编辑', 'Message edit', { hidden: true }),
    ],
  },
  {
    ...leaf('dataManage', '/dataManage', '数据管理', 'Data management', { icon: 'DatabaseOutlined', secondaryMenu: true }),
    children: [
      leaf('medicineDurg', '/dataManage/medicineDurg', '药品管理', 'Medicines'),
      leaf('userPermission', '/dataManage/userPermission', '用户权限', 'User permissions'),
      leaf('homeData', '/dataManage/homeData', '首页数据', 'Home data'),
      leaf('homeChart', '/dataManage/homeChart', '首页图表', 'Home chart'),
      leaf('indicationStage', '/dataManage/indicationStage', '适应症阶段', 'Indication stages'),
      leaf('indicationDepartment', '/dataManage/indicationDepartment', '适应症科室', 'Indication departments'),
      leaf('medicinePublicOpinion', '/dataManage/medicinePublicOpinion', '药品舆情', 'Drug public opinion'),
      leaf('keyword', '/dataManage/keyword', '关键词', 'Keywords'),
      leaf('journalTable', '/dataManage/journalTable', '期刊', 'Journals'),
      leaf('customerData', '/dataManage/customerData', '客户主数据', 'Customer master data'),
      leaf('dataImport', '/dataManage/dataImport', '导入中心', 'Import centre'),
    ],
  },
];

/** Authority marking of a menu: `area:router` for pages, the router for areas. */
export function authorityOf(router: string, parentRouter: string | undefined): string {
  return parentRouter ? `${parentRouter}:${router}` : router;
}
