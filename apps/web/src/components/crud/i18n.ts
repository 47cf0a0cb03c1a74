import { LIST_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/**
 * The words of the list-and-dialog kit, zh and en: its buttons, columns and dialog titles, and the
 * messages every `/API-APPS` list shares (LIST_MESSAGES: search, save, delete), none of an area's
 * own. The keys keep their `apps.` names, so an entry an administrator edited on the languages
 * screen still applies (docs/decisions/0046).
 */
const zh = {
  'apps.action.add': '新增',
  'apps.action.back': '返回',
  'apps.action.cancel': '取消',
  'apps.action.delete': '删除',
  'apps.action.edit': '编辑',
  'apps.action.remove': '移除',
  'apps.action.save': '保存',
  'apps.col.actions': '操作',
  'apps.col.enabled': '启用',
  'apps.col.name': '名称',
  'apps.col.nameEn': '英文名称',
  'apps.col.sort': '排序',
  'apps.confirm.delete': '此操作将永久删除该记录, 是否继续?',
  'apps.dialog.add': '新增{{name}}',
  'apps.dialog.edit': '编辑{{name}}',
  'apps.search': '搜索',
  'apps.yes': '是',
  'apps.no': '否',
} as const;

const en: Record<keyof typeof zh, string> = {
  'apps.action.add': 'Add',
  'apps.action.back': 'Back',
  'apps.action.cancel': 'Cancel',
  'apps.action.delete': 'Delete',
  'apps.action.edit': 'Edit',
  'apps.action.remove': 'Remove',
  'apps.action.save': 'Save',
  'apps.col.actions': 'Actions',
  'apps.col.enabled': 'Enabled',
  'apps.col.name': 'Name',
  'apps.col.nameEn': 'English name',
  'apps.col.sort': 'Order',
  'apps.confirm.delete': 'This permanently deletes the record. Continue?',
  'apps.dialog.add': 'Add {{name}}',
  'apps.dialog.edit': 'Edit {{name}}',
  'apps.search': 'Search',
  'apps.yes': 'Yes',
  'apps.no': 'No',
};

export const crudWords = defineWords({ zh, en }, LIST_MESSAGES);
export const useCrudWords = wordsHook(crudWords);
export type CrudLabelKey = CoreLabelKey | keyof typeof zh;
export type CrudMessageKey = CoreMessageKey | keyof typeof LIST_MESSAGES;
