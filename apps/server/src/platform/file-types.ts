/**
 * What a file is, read from its bytes (SECURITY.md, Files): never from its name or the
 * request's Content-Type, which the sender chooses.
 */

/** How many leading bytes detection needs. */
export const SNIFF_BYTES = 16;

interface Signature {
  /** A family of formats that share leading bytes (a .docx is a ZIP). */
  family: string;
  matches(head: Uint8Array): boolean;
  /** Extensions of the family, each with the type it is served as; the first is the default. */
  types: Record<string, string>;
}

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: Signature[] = [
  { family: 'jpeg', matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]), types: { jpg: 'image/jpeg', jpeg: 'image/jpeg' } },
  { family: 'png', matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), types: { png: 'image/png' } },
  { family: 'gif', matches: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')), types: { gif: 'image/gif' } },
  { family: 'pdf', matches: (h) => startsWith(h, ascii('%PDF-')), types: { pdf: 'application/pdf' } },
  {
    family: 'zip',
    matches: (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
    types: {
      zip: 'application/zip',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    },
  },
  {
    family: 'ole2',
    matches: (h) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    types: { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' },
  },
  { family: 'mp4', matches: (h) => startsWith(h, ascii('ftyp'), 4), types: { mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime' } },
];

export interface DetectedType {
  family: string;
  /** The type to serve the file as. */
  mime: string;
}

/** The lower-case extension of a file name, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The format the leading bytes show, if it is one we know, served as the type its
 * extension names within that family (a ZIP named .docx is a Word document).
 */
export function detectFileType(head: Uint8Array, extension: string): DetectedType | undefined {
  const signature = SIGNATURES.find((s) => s.matches(head));
  if (!signature) return undefined;
  const mime = signature.types[extension] ?? Object.values(signature.types)[0]!;
  return { family: signature.family, mime };
}

/**
 * Whether the name's extension agrees with the bytes: an extension of a format we can
 * recognise must match it (HTML renamed .png, PNG bytes named .jpg are refused); other
 * extensions claim nothing we could check.
 */
export function extensionAgrees(detected: DetectedType | undefined, extension: string): boolean {
  const claimed = SIGNATURES.find((s) => Object.hasOwn(s.types, extension));
  if (!claimed) return true;
  return detected?.family === claimed.family;
}

/**
 * The uploader's file name reduced to something safe to keep as metadata and to show:
 * the last path segment only (no `../`), no control characters, quotes, or characters
 * that mean something to a shell or a header, at most `max` characters keeping the extension.
 */
export function cleanFileName(raw: string, max = 255): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/["'`<>:*?|;]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const chars = [...name];
  if (chars.length > max) {
    const extension = extensionOf(name);
    const tail = extension && extension.length < 16 ? `.${extension}` : '';
    name = chars.slice(0, max - tail.length).join('') + tail;
  }
  return name || 'file';
}

/** RFC 5987 value: UTF-8, percent-encoded, only attr-chars left as they are. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition of a download (RFC 6266): an ASCII `filename` for old clients and
 * the exact name in `filename*`.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\u0020-\u007e]|["\\%]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
