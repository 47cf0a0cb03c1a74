/**
 * How deep and how large a request's structured input may be (ours: the spec is silent;
 * docs/decisions/0037). Checked without recursion, before anything else walks the input, so no
 * shape of JSON can exhaust the server's stack or balloon its memory.
 */
export const INPUT_LIMITS = {
  /** Nesting levels of a JSON body, a query string or a JSON text inside a field. */
  depthMax: 32,
  /** Values (objects, arrays, strings, numbers, literals) of one JSON body or JSON text field. */
  valuesMax: 100_000,
  /** Values of one query string (each parameter and each repetition of one). */
  queryValuesMax: 1_000,
} as const;

/** What a size check found wrong: nested too deep, or too many values. */
export type InputShapeProblem = 'depth' | 'values';

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const COMMA = 0x2c; // ,
const COLON = 0x3a; // :

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** The first character of a number or a literal (true, false, null). */
const isScalarStart = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x74 || c === 0x66 || c === 0x6e;

/**
 * Scans JSON text once, left to right, for nesting beyond `depthMax` or more than `valuesMax`
 * values, before it is parsed. Malformed text is left for the parser to refuse: the scan only
 * has to bound what the parser would build.
 */
export function scanJsonText(
  text: string,
  valuesMax: number = INPUT_LIMITS.valuesMax,
  depthMax: number = INPUT_LIMITS.depthMax,
): InputShapeProblem | undefined {
  // Whether each open container is an object (a string right after its `{` or `,` is a key, not a value).
  const inObject: boolean[] = [];
  let depth = 0;
  let values = 0;
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (c === QUOTE) {
      const key = previous === OPEN_OBJECT || (previous === COMMA && depth > 0 && inObject[depth - 1] === true);
      if (!key && ++values > valuesMax) return 'values';
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > depthMax) return 'depth';
      if (++values > valuesMax) return 'values';
      inObject[depth - 1] = c === OPEN_OBJECT;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      // More closing than opening: malformed, the parser says so.
      if (--depth < 0) return undefined;
    } else if (isScalarStart(c) && (previous === -1 || previous === COLON || previous === OPEN_ARRAY || previous === COMMA)) {
      if (++values > valuesMax) return 'values';
    }
    previous = c;
  }
  return undefined;
}

/**
 * The same limits over an input already parsed (a query string, a form body, JSON from a
 * field): an explicit stack, so a value of any depth is looked at without recursion.
 */
export function inputShapeProblem(
  value: unknown,
  valuesMax: number = INPUT_LIMITS.valuesMax,
  depthMax: number = INPUT_LIMITS.depthMax,
): InputShapeProblem | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (++values > valuesMax) return 'values';
    const v = item.value;
    if (v === null || typeof v !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > depthMax) return 'depth';
    const children = Array.isArray(v) ? (v as unknown[]) : Object.values(v);
    // Fails fast on a wide level without pushing all of it first.
    if (values + stack.length + children.length > valuesMax) return 'values';
    for (const child of children) stack.push({ value: child, depth });
  }
  return undefined;
}
