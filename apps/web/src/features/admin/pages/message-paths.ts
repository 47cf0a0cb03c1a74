/** The message group list and its editor (spec 001, message management). */
export const GROUPS_PATH = '/system/messageManger';
export const EDIT_PATH = '/system/messageEdit';
