/** Interface labels of app management and data management, zh and en (merged into the catalogue in ../zh.ts and ../en.ts). */
export const zh = {} as const;

export const en: Record<keyof typeof zh, string> = {};
