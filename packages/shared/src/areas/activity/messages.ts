import type { MessageText } from '../../messages.js';
import { ACTIVITY_LIMITS } from './limits.js';

/** Messages of the area, zh and en (merged into MESSAGES). Each names its field. */
export const ACTIVITY_MESSAGES = {
  'activity.titleRequired': { zh: '请填写任务标题(title)', en: 'Please enter the task title (title)' },
  'activity.principalRequired': { zh: '请选择负责人(principalId)', en: 'Please choose the principal (principalId)' },
  'activity.principalInvalid': { zh: '负责人(principalId)不存在或已停用', en: 'The principal (principalId) does not exist or is disabled' },
  'activity.doctorOutsidePrincipalScope': { zh: '医生(doctorId)不在负责人的数据权限范围内', en: 'The doctor (doctorId) is outside the data scope of the principal' },
  'activity.dueRequired': { zh: '请选择截止时间(dueTime)', en: 'Please choose the due time (dueTime)' },
  'activity.timeInvalid': { zh: '时间格式不正确({field})', en: 'The time is not valid ({field})' },
  'activity.forwardTargetInvalid': { zh: '转交对象(toUserId)不存在或已停用', en: 'The user to forward to (toUserId) does not exist or is disabled' },
  'activity.forwardDoctorOutsideScope': {
    zh: '任务的医生不在转交对象(toUserId)的数据权限范围内',
    en: "The task's doctor is outside the data scope of the user to forward to (toUserId)",
  },
  'activity.forwardSelf': { zh: '不能把任务转交给自己(toUserId)', en: 'A task cannot be forwarded to yourself (toUserId)' },
  'activity.taskNotPrincipal': { zh: '只有任务负责人可以执行此操作', en: 'Only the principal of the task can do this' },
  'activity.taskNotCreator': { zh: '只有任务创建人可以修改任务', en: 'Only the creator of the task can edit it' },
  'activity.taskClosed': { zh: '任务已完成或已取消,不能再修改(status)', en: 'The task is done or cancelled and can no longer be changed (status)' },
  'activity.doctorRequired': { zh: '请选择医生(doctorId)', en: 'Please choose the doctor (doctorId)' },
  'activity.visitTimeRequired': { zh: '请选择拜访时间(visitTime)', en: 'Please choose the visit time (visitTime)' },
  'activity.visitFuture': { zh: '拜访时间(visitTime)不能晚于今天', en: 'The visit time (visitTime) cannot be later than today' },
  'activity.visitSubmitted': { zh: '拜访记录已提交并锁定,不能再修改或提交(id)', en: 'The visit record is submitted and locked; it cannot be changed or submitted again (id)' },
  'activity.visitSystem': { zh: '系统生成的拜访记录不能手动修改(id)', en: 'A system-generated visit record cannot be edited by hand (id)' },
  'activity.channelRequired': { zh: '请选择拜访方式(channel)', en: 'Please choose the channel (channel)' },
  'activity.doctorsRequired': { zh: '请至少选择一位医生(doctorIds)', en: 'Please choose at least one doctor (doctorIds)' },
  'activity.doctorsTooMany': { zh: `一次最多选择 ${ACTIVITY_LIMITS.groupMax} 位医生(doctorIds)`, en: `At most ${ACTIVITY_LIMITS.groupMax} doctors at a time (doctorIds)` },
  'activity.doctorsDuplicate': { zh: '医生(doctorIds)不能重复', en: 'A doctor is listed twice (doctorIds)' },
  'activity.productRequired': { zh: '请填写产品(products.product)', en: 'Please enter the product (products.product)' },
  'activity.rangeInvalid': { zh: '结束时间(end)不能早于开始时间(start)', en: 'The end (end) cannot be before the start (start)' },
  'activity.rangeTooLong': { zh: '时间范围(end)最多 {days} 天', en: 'The range (end) is at most {days} days' },
  'activity.cursorInvalid': { zh: '分页游标(cursor)无效', en: 'The page cursor (cursor) is not valid' },
  'activity.callIdRequired': { zh: '请填写通话ID(callId)', en: 'Please enter the call id (callId)' },
  'activity.callExists': { zh: '该通话(callId)已登记', en: 'This call (callId) is already recorded' },
  'activity.callNotFound': { zh: '通话(callId)不存在', en: 'The call (callId) does not exist' },
  'activity.callVisitExists': { zh: '该通话(callId)已生成拜访记录', en: 'A visit record was already made from this call (callId)' },
  'activity.callNotEnded': { zh: '通话(callId)尚未结束,不能生成拜访记录', en: 'The call (callId) has not ended; no visit can be made from it yet' },
  'activity.notTeamMember': { zh: '该用户(userId)不在您的团队中', en: 'This user (userId) is not in your team' },
  'activity.usernameMismatch': { zh: '只能查询自己的未完成任务数(username)', en: 'You can only ask for your own undone task count (username)' },
  'activity.unsavedVisit': { zh: '拜访记录已修改但未提交,关闭后未保存的信息将会丢失,是否继续?', en: 'The visit record was edited and not submitted; unsaved information will be lost. Continue?' },
  'activity.unsavedTask': { zh: '任务尚未提交,关闭后未保存的信息将会丢失,是否继续?', en: 'The task form is not submitted; unsaved information will be lost. Continue?' },
} as const satisfies Record<string, MessageText>;
export type ActivityMessageKey = keyof typeof ACTIVITY_MESSAGES;
