import type { MessageText } from '../message-text.js';
import { SURVEY_LIMITS } from './surveys.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

export const SURVEY_MESSAGES = {
  'survey.titleRequired': { zh: '请输入问卷标题', en: 'Please enter the survey title' },
  'survey.questionsRequired': { zh: '问卷至少需要一个问题', en: 'A survey needs at least one question' },
  'survey.questionIdDuplicate': { zh: '问题编号 {id} 重复', en: 'The question id {id} is used twice' },
  'survey.optionIdDuplicate': { zh: '问题 {id} 的选项编号重复', en: 'Question {id} has an option id twice' },
  'survey.timeOrder': { zh: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  'survey.audienceRequired': { zh: '请选择问卷对象', en: 'Choose who the survey is for' },
  'survey.audienceUnknown': { zh: '问卷对象中有不存在的用户', en: 'The audience names a user who does not exist' },
  'survey.notFound': { zh: '问卷不存在或您不在问卷对象中', en: 'The survey does not exist or is not meant for you' },
  'survey.notYours': { zh: '只有问卷作者可以执行此操作', en: 'Only the author of the survey can do this' },
  'survey.notEditable': { zh: '已发布的问卷不能修改', en: 'A published survey cannot be changed' },
  'survey.transition': { zh: '问卷不能从「{from}」变为「{to}」', en: 'A survey cannot go from {from} to {to}' },
  'survey.notOpen': { zh: '问卷未在答题时间内', en: 'The survey is not open for answers now' },
  'survey.alreadyAnswered': { zh: '您已回答过此问卷', en: 'You have already answered this survey' },
  'survey.answerRequired': { zh: '请回答问题「{question}」', en: 'Please answer the question "{question}"' },
  'survey.answerInvalid': { zh: '问题「{question}」的回答不符合要求', en: 'The answer to "{question}" does not fit the question' },
  'survey.answerUnknown': { zh: '回答中有问卷没有的问题 {id}', en: 'The answer names a question the survey does not have: {id}' },
  'survey.resultsHidden': {
    zh: `匿名问卷的结果在至少 ${SURVEY_LIMITS.anonymousMinAnswers} 人回答后显示`,
    en: `Results of an anonymous survey show once at least ${SURVEY_LIMITS.anonymousMinAnswers} people have answered`,
  },
} as const satisfies Record<string, MessageText>;
