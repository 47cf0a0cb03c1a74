import type { MessageText } from '../messages.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

export const DATA_COLLECTION_MESSAGES = {
  'dataCollection.contactNameRequired': { zh: '请填写联系人姓名', en: "Please fill in the contact's name" },
  'dataCollection.phoneInvalid': { zh: '请填写正确的手机号码', en: 'Please fill in a valid mobile number' },
  'dataCollection.fileTooLarge': { zh: '文件大小不得超过10M', en: 'The file must not exceed 10M' },
  'dataCollection.oneFile': { zh: '只能上传一个文件', en: 'Only one file may be attached' },
  'dataCollection.notFound': { zh: '数据定制申请不存在', en: 'The data request does not exist' },
  'dataCollection.noFile': { zh: '该申请没有附件', en: 'This request has no attachment' },
  'dataCollection.badTransition': { zh: '不能从「{from}」改为「{to}」', en: 'A request cannot go from {from} to {to}' },
  'dataCollection.submitted': { zh: '数据定制申请已提交', en: 'Your data request was filed' },
  'dataCollection.notice': { zh: '您的数据定制申请 #{id} 状态已更新为「{status}」', en: 'Your data request #{id} is now {status}' },
  'dataCollection.title': { zh: '数据定制', en: 'Custom data collection' },
  'dataCollection.manageTitle': { zh: '数据定制处理', en: 'Data requests' },
  'dataCollection.mineTitle': { zh: '我的申请', en: 'My requests' },
  'dataCollection.field.sourcePlatform': { zh: '来源平台', en: 'Source platform' },
  'dataCollection.field.content': { zh: '采集内容', en: 'Collection content' },
  'dataCollection.field.remarks': { zh: '备注', en: 'Remarks' },
  'dataCollection.field.realTime': { zh: '更新频率', en: 'Update frequency' },
  'dataCollection.realTime.true': { zh: '实时', en: 'Real-time' },
  'dataCollection.realTime.false': { zh: '非实时', en: 'Not real-time' },
  'dataCollection.field.file': { zh: '附件', en: 'Attachment' },
  'dataCollection.field.contactName': { zh: '联系人姓名', en: 'Contact name' },
  'dataCollection.field.contactPhone': { zh: '联系人手机', en: 'Contact phone' },
  'dataCollection.field.wechat': { zh: '微信号', en: 'WeChat' },
  'dataCollection.field.qq': { zh: 'QQ 号', en: 'QQ' },
  'dataCollection.field.status': { zh: '状态', en: 'Status' },
  'dataCollection.field.reply': { zh: '回复', en: 'Reply' },
  'dataCollection.field.createdAt': { zh: '提交时间', en: 'Filed' },
  'dataCollection.field.createdBy': { zh: '申请人', en: 'Requester' },
  'dataCollection.field.actions': { zh: '操作', en: 'Actions' },
  'dataCollection.chooseFile': { zh: '选择文件(最多一个,10M 以内)', en: 'Choose a file (one, at most 10M)' },
  'dataCollection.submit': { zh: '提交申请', en: 'Submit request' },
  'dataCollection.empty': { zh: '还没有数据定制申请', en: 'No data requests yet' },
  'dataCollection.allStatuses': { zh: '全部状态', en: 'All statuses' },
  'dataCollection.moveTo': { zh: '改为「{status}」', en: 'Mark {status}' },
  'dataCollection.updated': { zh: '状态已更新', en: 'Status updated' },
  'dataCollection.status.submitted': { zh: '已提交', en: 'Submitted' },
  'dataCollection.status.accepted': { zh: '已受理', en: 'Accepted' },
  'dataCollection.status.inProgress': { zh: '处理中', en: 'In progress' },
  'dataCollection.status.delivered': { zh: '已交付', en: 'Delivered' },
  'dataCollection.status.rejected': { zh: '已驳回', en: 'Rejected' },
} satisfies Record<string, MessageText>;
