/** `text` for a LIKE / ILIKE pattern, its wildcards (\ % _) taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE / ILIKE pattern for values that contain `text` literally. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;
