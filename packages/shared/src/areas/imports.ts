/**
 * The import centre (issue 32; docs/decisions/0042): a company's hospitals and doctors brought
 * in from its own files, validated in full (the dry run) before anything is written.
 */

const DATA = '/API-DATA';

export const IMPORTS_PATHS = {
  /** GET ?kind= : the kind's template, an .xlsx in the caller's language: the header row, what each column takes, and the accepted values. */
  template: `${DATA}/import/template`,
  /** POST multipart: fields `kind`, optional `fullList` (true/false), then `file` (.csv or .xlsx) → ImportJob (a dry run queued). */
  upload: `${DATA}/import/upload`,
  /** GET ?id= → ImportJob. */
  job: `${DATA}/import/job`,
  /** GET → ImportJob[]: the caller's latest imports. */
  list: `${DATA}/import/list`,
  /** POST ImportCommitRequest → ImportJob (the commit queued). */
  commit: `${DATA}/import/commit`,
  /** POST ImportBatchRequest → ImportBatchResult: the same rules for a master-data system, up to 1,000 records a call. */
  upsertHospitals: `${DATA}/import/hospitals/upsert`,
  deactivateHospitals: `${DATA}/import/hospitals/deactivate`,
  upsertDoctors: `${DATA}/import/doctors/upsert`,
  deactivateDoctors: `${DATA}/import/doctors/deactivate`,
  upsertOrganisations: `${DATA}/import/organisations/upsert`,
  /** Organisations have no inactive state: this call answers imports.deactivate.unsupported. */
  deactivateOrganisations: `${DATA}/import/organisations/deactivate`,
  upsertUsers: `${DATA}/import/users/upsert`,
  /** codes are login names: those users are disabled (never deleted), their sessions ended. */
  deactivateUsers: `${DATA}/import/users/deactivate`,
  upsertTerritories: `${DATA}/import/territories/upsert`,
  /** codes are login names: every data permission of those users removed. */
  deactivateTerritories: `${DATA}/import/territories/deactivate`,
  upsertProducts: `${DATA}/import/products/upsert`,
  /** Products have no inactive state: this call answers imports.deactivate.unsupported. */
  deactivateProducts: `${DATA}/import/products/deactivate`,
  upsertVisits: `${DATA}/import/visits/upsert`,
  /** Imported visits are submitted and locked: this call answers imports.deactivate.unsupported. */
  deactivateVisits: `${DATA}/import/visits/deactivate`,
} as const;

/** The import centre's own grant: 数据管理 → 导入中心 (administrators only by default). */
export const IMPORTS_AUTHORITY = 'dataManage:dataImport';

export const IMPORT_KINDS = ['organisations', 'users', 'territories', 'hospitals', 'doctors', 'products', 'visits'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** Kinds without an inactive state: no full-list upload, no deactivate call (docs/decisions/0049). */
export const IMPORT_KINDS_WITHOUT_FULL_LIST: readonly ImportKind[] = ['organisations', 'products', 'visits'];
/** The kinds with a note of their own: under the kind's choice in the import centre, and in its template's notes. */
export const IMPORT_KIND_NOTES: Partial<Record<ImportKind, 'imports.ui.usersNote' | 'imports.ui.productsNote' | 'imports.ui.visitsNote'>> = {
  users: 'imports.ui.usersNote',
  products: 'imports.ui.productsNote',
  visits: 'imports.ui.visitsNote',
};

export const IMPORT_LIMITS = {
  /** A CSV file's bytes: about a million doctors. */
  csvMaxBytes: 200 * 1024 * 1024,
  /** An .xlsx file's bytes (its inflated content is capped too: xlsxInflatedMax). */
  xlsxMaxBytes: 30 * 1024 * 1024,
  xlsxInflatedMax: 400 * 1024 * 1024,
  /** Data rows of one file. */
  rowsMax: 1_000_000,
  /** Refused rows the job's answer shows; the error file holds them all. */
  refusedShown: 50,
  /** Records of one API call (batch upsert or deactivate). */
  batchMax: 1000,
  /** Characters of one cell. */
  cellMax: 500,
  /** Rows above the header the reader looks through for it (a title row or two). */
  headerSearchRows: 5,
  /**
   * Lines under the table that fill one cell only (制表人:张三, 数据截至 11 月): at most this many at the
   * file's end are taken as notes and not imported; more, or such a line with data below it, is a row.
   */
  notesMax: 20,
} as const;

/** One column of a kind's file: its key, its header in both languages, the other names it is known by. */
export interface ImportColumn {
  key: string;
  zh: string;
  en: string;
  required?: boolean;
  /** Other headers meaning this column (the doctor list's export, for the round trip). */
  aliases?: readonly string[];
}

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  organisations: [
    { key: 'code', zh: '组织编码', en: 'Organisation code', required: true },
    { key: 'name', zh: '组织名称', en: 'Organisation name', required: true },
    { key: 'nameEn', zh: '英文名称', en: 'English name' },
    { key: 'parentCode', zh: '上级组织编码', en: 'Parent organisation code', aliases: ['上级组织', 'parent'] },
    { key: 'leader', zh: '负责人', en: 'Leader' },
  ],
  users: [
    { key: 'username', zh: '用户名', en: 'Username', required: true, aliases: ['登录名', 'login name'] },
    { key: 'realName', zh: '姓名', en: 'Name', required: true, aliases: ['real name'] },
    { key: 'employeeNo', zh: '员工编号', en: 'Employee number', aliases: ['工号', 'WWID', 'employee no'] },
    { key: 'email', zh: '邮箱', en: 'E-mail', aliases: ['电子邮箱', 'email'] },
    { key: 'mobile', zh: '手机', en: 'Mobile', aliases: ['手机号', '电话', 'phone'] },
    { key: 'org', zh: '组织', en: 'Organisation', aliases: ['组织编码', '所属组织', 'organisation code'] },
    { key: 'roles', zh: '角色', en: 'Roles', required: true, aliases: ['用户角色', 'role'] },
    { key: 'manager', zh: '上级', en: 'Manager', aliases: ['直属上级', '上级工号', 'manager employee number'] },
  ],
  territories: [
    { key: 'user', zh: '用户', en: 'User', required: true, aliases: ['用户名', '员工编号', '工号', 'username', 'employee number', 'WWID'] },
    { key: 'hospitalCode', zh: '医院编码', en: 'Hospital code' },
    { key: 'province', zh: '省份', en: 'Province', aliases: ['省', '省份编码', 'province code'] },
  ],
  hospitals: [
    { key: 'code', zh: '医院编码', en: 'Hospital code', required: true },
    { key: 'name', zh: '医院名称', en: 'Hospital name', required: true },
    { key: 'grade', zh: '医院等级', en: 'Grade' },
    { key: 'type', zh: '医院类型', en: 'Type' },
    { key: 'region', zh: '所在地区', en: 'Region', required: true, aliases: ['地区', '区县', 'county'] },
    { key: 'address', zh: '地址', en: 'Address' },
  ],
  doctors: [
    { key: 'code', zh: '医生编码', en: 'Doctor code' },
    { key: 'id', zh: '编号', en: 'ID' },
    { key: 'name', zh: '姓名', en: 'Name', required: true },
    { key: 'gender', zh: '性别', en: 'Gender' },
    { key: 'hospitalCode', zh: '医院编码', en: 'Hospital code' },
    { key: 'hospital', zh: '医院', en: 'Hospital', aliases: ['医院名称', 'hospital name'] },
    { key: 'dept1', zh: '一级科室', en: 'Department', required: true },
    { key: 'dept2', zh: '二级科室', en: 'Sub-department' },
    { key: 'title', zh: '职称', en: 'Title', required: true },
    { key: 'position', zh: '职务', en: 'Position' },
    { key: 'indications', zh: '适应症', en: 'Indications' },
    { key: 'phone', zh: '电话', en: 'Phone' },
    { key: 'secondaryHospitalCode', zh: '第二执业医院编码', en: 'Secondary hospital code' },
  ],
  products: [
    { key: 'code', zh: '产品编码', en: 'Product code', required: true, aliases: ['药品编码', 'medicine code'] },
    { key: 'name', zh: '产品名称', en: 'Product name', required: true, aliases: ['药品名称', 'medicine name'] },
    { key: 'alias', zh: '别名', en: 'Alias', aliases: ['英文名', 'English name'] },
    { key: 'companyId', zh: '公司', en: 'Company', aliases: ['公司 ID', 'company id'] },
    { key: 'indications', zh: '适应症', en: 'Indications' },
    { key: 'competitors', zh: '竞品', en: 'Competitors', aliases: ['竞品名称', 'competitor'] },
  ],
  visits: [
    {
      key: 'rep',
      zh: '代表',
      en: 'Representative',
      required: true,
      aliases: ['代表工号', '员工编号', '工号', '用户名', 'WWID', 'employee number', 'username'],
    },
    { key: 'doctorCode', zh: '医生编码', en: 'Doctor code', required: true },
    { key: 'date', zh: '拜访日期', en: 'Visit date', required: true, aliases: ['拜访时间', '日期', 'date', 'visit time'] },
    { key: 'channel', zh: '拜访方式', en: 'Channel', required: true, aliases: ['渠道', '拜访渠道', 'visit channel'] },
    { key: 'purpose', zh: '拜访目的', en: 'Purpose', aliases: ['目的', 'visit purpose'] },
    { key: 'notes', zh: '备注', en: 'Notes', aliases: ['反馈', 'feedback'] },
  ],
};

export const IMPORT_STAGES = ['dryRun', 'commit'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];
/**
 * queued → running → ready (dry run done) → queued (commit) → running → done; failed at any point;
 * a ready dry run is superseded by the user's next upload of its kind.
 */
export const IMPORT_STATUSES = ['queued', 'running', 'ready', 'done', 'failed', 'superseded'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_MODES = ['allOrNothing', 'validOnly'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export interface ImportCounts {
  rows: number;
  new: number;
  changed: number;
  unchanged: number;
  refused: number;
}

export interface ImportRefusedRow {
  /** The row's line in the file (1 = the first line). */
  row: number;
  /** Every problem of the row, in the caller's language. */
  messages: string[];
}

/** A line under the table taken as a note, not a row (IMPORT_LIMITS.notesMax). */
export interface ImportNote {
  /** The line in the file (1 = the first line). */
  row: number;
  text: string;
}

export interface ImportJob {
  id: number;
  kind: ImportKind;
  fileName: string;
  stage: ImportStage;
  status: ImportStatus;
  fullList: boolean;
  mode: ImportMode | null;
  rowsDone: number;
  rowsTotal: number | null;
  counts: ImportCounts | null;
  /** What the commit wrote: new, changed, unchanged, deactivated. */
  committed: { new: number; changed: number; unchanged: number; deactivated: number } | null;
  refusedRows: ImportRefusedRow[];
  /** Lines under the table taken as notes and not imported, as read. */
  notes: ImportNote[];
  message: string | null;
  createTime: string;
  finishTime: string | null;
  /** Whether this answer gave back a job already made from the same file. */
  reused?: boolean;
}

export type ImportRecordStatus = 'new' | 'changed' | 'unchanged' | 'refused' | 'deactivated' | 'notFound';

export interface ImportBatchResult {
  results: { code: string; status: ImportRecordStatus; messages: string[] }[];
  counts: Record<ImportRecordStatus, number>;
}

/** Download-centre template of a dry run's error file. */
export const IMPORT_ERRORS_TEMPLATE = 'importErrors';
