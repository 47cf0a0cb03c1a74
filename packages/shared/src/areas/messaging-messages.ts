import type { MessageText } from '../message-text.js';
import { STOMP_LIMITS, MESSAGING_LIMITS } from './messaging.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/** Messages of real-time notices and messaging, zh and en (merged into MESSAGES). */
export const MESSAGING_MESSAGES = {
  'messaging.usernameMismatch': { zh: 'username 与当前登录用户不一致', en: 'username does not match the signed-in user' },
  'messaging.usernameHeaderRequired': { zh: '请求头 username 不能为空', en: 'The username header is required' },
  'messaging.textRequired': { zh: '消息内容不能为空', en: 'The message text is required' },
  'messaging.textTooLong': {
    zh: `消息内容最多 ${MESSAGING_LIMITS.textMax} 个字符`,
    en: `The message text must be at most ${MESSAGING_LIMITS.textMax} characters`,
  },
  'messaging.conversationNotFound': { zh: '会话不存在', en: 'Conversation not found' },
  'messaging.messageNotFound': { zh: '消息不存在', en: 'Message not found' },
  'messaging.userNotFound': { zh: '用户不存在或已停用', en: 'The user does not exist or is disabled' },
  'messaging.selfChat': { zh: '不能给自己发消息', en: 'You cannot send messages to yourself' },
  'messaging.startTimeInvalid': { zh: 'startTime 格式不正确', en: 'startTime is invalid' },
  'stomp.authRequired': { zh: '连接需要有效的登录令牌', en: 'A valid access token is required to connect' },
  'stomp.version': { zh: '仅支持 STOMP 1.2', en: 'Supported protocol versions are 1.2' },
  'stomp.malformed': { zh: '帧格式错误', en: 'Malformed frame' },
  'stomp.tooLarge': { zh: `帧超过 ${STOMP_LIMITS.frameMaxBytes} 字节`, en: `The frame exceeds ${STOMP_LIMITS.frameMaxBytes} bytes` },
  'stomp.notConnected': { zh: '请先发送 CONNECT 帧', en: 'Send a CONNECT frame first' },
  'stomp.destinationForbidden': { zh: '不能订阅其他用户的消息', en: "You cannot subscribe to another user's destination" },
  'stomp.destinationUnknown': { zh: '不存在的目的地 {destination}', en: 'Unknown destination {destination}' },
  'stomp.subscriptionInvalid': { zh: '订阅 id 缺失或重复', en: 'The subscription id is missing or already in use' },
  'stomp.tooManySubscriptions': { zh: '订阅数量过多', en: 'Too many subscriptions' },
  'stomp.unsupported': { zh: '不支持的命令 {command}', en: 'Unsupported command {command}' },
  'stomp.sinceInvalid': { zh: 'since 必须是通知编号（notice-id）', en: 'since must be a notice-id' },
  'stomp.heartbeat': { zh: '心跳超时', en: 'No heart-beat received in time' },
  'stomp.serverStopping': { zh: '服务器正在停止，请重新连接', en: 'The server is stopping; connect again' },
} as const satisfies Record<string, MessageText>;
