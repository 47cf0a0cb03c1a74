/**
 * Data-collection (data-customisation) requests (spec 001 sections 3 and 5; docs/decisions/0028):
 * a field user files a request with at most one attachment; keepers of the handling menu move it
 * through its statuses and the requester gets a notice on each change.
 */

const SALEA = '/API-SALEA';

export const DATA_COLLECTION_PATHS = {
  /** POST multipart/form-data: the form's fields, then at most one file. */
  submit: `${SALEA}/dataCollection/submit`,
  /** GET: the caller's own requests, newest first. */
  mine: `${SALEA}/dataCollection/mine`,
  /** GET: every request (the handling menu), newest first, optionally by status. */
  list: `${SALEA}/dataCollection/list`,
  /** PUT { id, status, reply? }: the handling menu moves a request on. */
  updateStatus: `${SALEA}/dataCollection/updateStatus`,
  /** GET ?id=: the attachment, for its requester and the handling menu. */
  file: `${SALEA}/dataCollection/file`,
} as const;

export const DATA_COLLECTION_LIMITS = {
  /** Source platform, content and remarks each (spec 001 section 5). */
  textMax: 300,
  /** The attachment, counted in bytes while it streams: 10M (spec 001 sections 5 and 9). */
  fileMaxBytes: 10 * 1024 * 1024,
  nameMax: 50,
  /** WeChat and QQ numbers. */
  accountMax: 50,
  replyMax: 300,
  pageSizeMax: 100,
  pageSizeDefault: 20,
} as const;

/** The handling menu's authority (a hidden leaf under administration, seed/menus.ts). */
export const DATA_COLLECTION_AUTHORITIES = {
  submit: 'other:dataCollection',
  manage: 'system:dataCollectionManage',
} as const;

export const DATA_COLLECTION_STATUSES = ['submitted', 'accepted', 'inProgress', 'delivered', 'rejected'] as const;
export type DataCollectionStatus = (typeof DATA_COLLECTION_STATUSES)[number];

/** Which status may follow which: delivered and rejected are final. */
export const DATA_COLLECTION_NEXT: Record<DataCollectionStatus, readonly DataCollectionStatus[]> = {
  submitted: ['accepted', 'rejected'],
  accepted: ['inProgress', 'delivered', 'rejected'],
  inProgress: ['delivered', 'rejected'],
  delivered: [],
  rejected: [],
};

export interface DataCollectionRequest {
  id: number;
  createdBy: string;
  sourcePlatform: string;
  content: string;
  remarks: string;
  realTime: boolean;
  contactName: string;
  contactPhone: string;
  wechat: string;
  qq: string;
  fileName: string | null;
  fileSize: number | null;
  status: DataCollectionStatus;
  reply: string;
  handledBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DataCollectionPage {
  total: number;
  result: DataCollectionRequest[];
}
