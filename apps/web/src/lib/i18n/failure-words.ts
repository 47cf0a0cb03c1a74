/**
 * What a page that fails says (docs/decisions/0081), in both languages. Part of the shell's words
 * (zh.ts and en.ts take them in), kept in a file of their own so that an entry which has not loaded
 * the translation engine yet — the share page's, whose code may be what did not arrive — can say
 * them too.
 */
export const failureZh = {
  'error.page.title': '此页面无法显示',
  'error.page.desc': '页面出现了错误。重新加载通常可以解决；如果再次出现，请把下面的说明告诉管理员。',
  'error.load.title': '此页面未能加载',
  'error.load.desc': '门户可能已更新到新版本，或网络连接中断。请检查网络后重新加载。',
  'error.reload': '重新加载',
} as const;

export const failureEn: Record<keyof typeof failureZh, string> = {
  'error.page.title': 'This page cannot be shown',
  'error.page.desc': 'Something went wrong on this page. Reloading usually helps; if it happens again, tell your administrator what is written below.',
  'error.load.title': 'This page could not be loaded',
  'error.load.desc': 'The portal may have been updated to a new version, or the network connection was lost. Check your connection and reload.',
  'error.reload': 'Reload',
};
