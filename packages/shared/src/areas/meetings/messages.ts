import type { MessageText } from '../../message-text.js';
import { MEETING_LIMITS } from './paths.js';

/** Messages of meetings, zh and en (merged into MESSAGES). */
export const MEETING_MESSAGES = {
  'meeting.titleRequired': { zh: '请输入会议名称', en: 'Please enter the meeting title' },
  'meeting.typeInvalid': {
    zh: '会议类型必须是学术会议、科室会、讲者项目或线上会议',
    en: 'The meeting type must be academic conference, department meeting, speaker programme or online',
  },
  'meeting.timeRequired': { zh: '请选择会议时间', en: 'Please choose the meeting time' },
  'meeting.timeOrder': { zh: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  'meeting.cityRequired': { zh: '请输入城市', en: 'Please enter the city' },
  'meeting.hospitalRequired': { zh: '线下会议请填写医院或场地', en: 'An on-site meeting needs a hospital or venue' },
  'meeting.onlineUrlRequired': {
    zh: '线上会议请填写以 http:// 或 https:// 开头的会议链接',
    en: 'An online meeting needs a link starting with http:// or https://',
  },
  'meeting.notFound': { zh: '会议不存在或您无权查看', en: 'The meeting does not exist or you may not see it' },
  'meeting.notYours': { zh: '只有会议负责人可以执行此操作', en: 'Only the meeting owner can do this' },
  'meeting.notEditable': { zh: '会议已举行、关闭或取消,不能修改', en: 'The meeting has been held, closed or cancelled and cannot be changed' },
  'meeting.attendanceClosed': { zh: '会议已关闭或取消,不能再修改参会人', en: 'The meeting is closed or cancelled; its attendees cannot change' },
  'meeting.transition': { zh: '会议不能从「{from}」变为「{to}」', en: 'A meeting cannot go from {from} to {to}' },
  'meeting.attendanceBeforeHeld': { zh: '会议举行前不能签到', en: 'Attendance can be marked only once the meeting is planned or held' },
  'meeting.coOrganizerNotUser': { zh: '协办人不是门户用户', en: 'The co-organiser is not a portal user' },
  'meeting.coOrganizerIsOwner': { zh: '会议负责人不能同时是协办人', en: 'The owner cannot also be a co-organiser' },
  'meeting.coOrganizerExists': { zh: '该用户已是协办人', en: 'This user is already a co-organiser' },
  'meeting.coOrganizersMax': { zh: `协办人最多 ${MEETING_LIMITS.coOrganizersMax} 位`, en: `At most ${MEETING_LIMITS.coOrganizersMax} co-organisers` },
  'meeting.attendeesMax': { zh: `参会人最多 ${MEETING_LIMITS.attendeesMax} 位`, en: `At most ${MEETING_LIMITS.attendeesMax} attendees` },
  'meeting.attendeeNotFound': { zh: '该医生不是本次会议的参会人', en: 'This doctor is not an attendee of the meeting' },
  'meeting.feedbackRange': {
    zh: `反馈评分须为 ${MEETING_LIMITS.feedbackMin} 到 ${MEETING_LIMITS.feedbackMax}`,
    en: `The feedback score must be ${MEETING_LIMITS.feedbackMin} to ${MEETING_LIMITS.feedbackMax}`,
  },
  'meeting.emailInvalid': { zh: '请输入正确的邮箱地址', en: 'Please enter a valid e-mail address' },
  'meeting.posterType': { zh: '海报只能是 JPG 或 PNG 图片', en: 'The poster must be a JPG or PNG image' },
  'meeting.posterTooLarge': {
    zh: `海报大小不能超过 ${MEETING_LIMITS.posterMaxBytes / 1024 / 1024}MB`,
    en: `The poster cannot exceed ${MEETING_LIMITS.posterMaxBytes / 1024 / 1024} MB`,
  },
  'meeting.noPoster': { zh: '该会议还没有海报', en: 'This meeting has no poster yet' },
  'meeting.reportSent': { zh: '会议报告已通过邮件服务器发送至 {email}', en: 'The meeting report was sent to {email} through the mail server' },
  'meeting.reportOutboxed': {
    zh: '未配置邮件服务器:报告未发出,已写入服务器发件箱文件夹 {file}',
    en: 'No mail server is configured: the report was NOT sent; it was written to the server outbox folder as {file}',
  },
  'meeting.mailFailed': { zh: '邮件服务器拒绝了该邮件:{reason}', en: 'The mail server refused the message: {reason}' },
} as const satisfies Record<string, MessageText>;
