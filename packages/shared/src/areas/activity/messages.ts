import type { MessageText } from '../../message-text.js';
import { ACTIVITY_LIMITS } from './limits.js';

/** Messages of the area, zh and en (merged into MESSAGES). In the user's words: the field a message is about travels as the error's `field`, not in its text. */
export const ACTIVITY_MESSAGES = {
  'activity.titleRequired': { zh: '请填写任务标题', en: 'Please enter the task title' },
  'activity.principalRequired': { zh: '请选择负责人', en: 'Please choose the principal' },
  'activity.principalInvalid': { zh: '负责人不存在或已停用', en: 'The principal does not exist or is disabled' },
  'activity.doctorOutsidePrincipalScope': { zh: '医生不在负责人的数据权限范围内', en: 'The doctor is outside the data scope of the principal' },
  'activity.dueRequired': { zh: '请选择截止时间', en: 'Please choose the due time' },
  'activity.timeInvalid': { zh: '时间格式不正确', en: 'The time is not valid' },
  'activity.forwardTargetInvalid': { zh: '转交对象不存在或已停用', en: 'The user to forward to does not exist or is disabled' },
  'activity.forwardDoctorOutsideScope': {
    zh: '任务的医生不在转交对象的数据权限范围内',
    en: "The task's doctor is outside the data scope of the user to forward to",
  },
  'activity.forwardSelf': { zh: '不能把任务转交给自己', en: 'A task cannot be forwarded to yourself' },
  'activity.taskNotPrincipal': { zh: '只有任务负责人可以执行此操作', en: 'Only the principal of the task can do this' },
  'activity.taskNotCreator': { zh: '只有任务创建人可以修改任务', en: 'Only the creator of the task can edit it' },
  'activity.taskClosed': { zh: '任务已完成或已取消,不能再修改', en: 'The task is done or cancelled and can no longer be changed' },
  'activity.doctorRequired': { zh: '请选择医生', en: 'Please choose the doctor' },
  'activity.visitTimeRequired': { zh: '请选择拜访时间', en: 'Please choose the visit time' },
  'activity.visitFuture': { zh: '拜访时间不能晚于今天', en: 'The visit time cannot be later than today' },
  'activity.visitSubmitted': {
    zh: '拜访记录已提交并锁定,不能再修改或提交',
    en: 'The visit record is submitted and locked; it cannot be changed or submitted again',
  },
  'activity.visitSystem': { zh: '系统生成的拜访记录不能手动修改', en: 'A system-generated visit record cannot be edited by hand' },
  'activity.channelRequired': { zh: '请选择拜访方式', en: 'Please choose the channel' },
  'activity.doctorsRequired': { zh: '请至少选择一位医生', en: 'Please choose at least one doctor' },
  'activity.doctorsTooMany': { zh: `一次最多选择 ${ACTIVITY_LIMITS.groupMax} 位医生`, en: `At most ${ACTIVITY_LIMITS.groupMax} doctors at a time` },
  'activity.doctorsDuplicate': { zh: '医生不能重复', en: 'A doctor is listed twice' },
  'activity.productRequired': { zh: '请填写产品', en: 'Please enter the product' },
  'activity.rangeInvalid': { zh: '结束时间不能早于开始时间', en: 'The end cannot be before the start' },
  'activity.rangeTooLong': { zh: '时间范围最多 {days} 天', en: 'The range is at most {days} days' },
  'activity.callIdRequired': { zh: '请填写通话ID', en: 'Please enter the call id' },
  'activity.callExists': { zh: '该通话已登记', en: 'This call is already recorded' },
  'activity.callNotFound': { zh: '通话不存在', en: 'The call does not exist' },
  'activity.callVisitExists': { zh: '该通话已生成拜访记录', en: 'A visit record was already made from this call' },
  'activity.callNotEnded': { zh: '通话尚未结束,不能生成拜访记录', en: 'The call has not ended; no visit can be made from it yet' },
  'activity.notTeamMember': { zh: '该用户不在您的团队中', en: 'This user is not in your team' },
  'activity.usernameMismatch': { zh: '只能查询自己的未完成任务数', en: 'You can only ask for your own undone task count' },
  'activity.unsavedVisit': {
    zh: '拜访记录已修改但未提交,关闭后未保存的信息将会丢失,是否继续?',
    en: 'The visit record was edited and not submitted; unsaved information will be lost. Continue?',
  },
  'activity.unsavedTask': {
    zh: '任务尚未提交,关闭后未保存的信息将会丢失,是否继续?',
    en: 'The task form is not submitted; unsaved information will be lost. Continue?',
  },
} as const satisfies Record<string, MessageText>;
export type ActivityMessageKey = keyof typeof ACTIVITY_MESSAGES;
