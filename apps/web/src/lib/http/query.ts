/**
 * A request's query string, written the way the portal's calls have always sent it: `undefined`
 * left out, `null` as an empty value, a flat array as repeated `key[]`, a nested object as
 * `key[sub]`, a date in ISO form; spaces as `+`, and `:`, `$` and `,` left readable.
 */

const encode = (value: string) => encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');

function scalar(value: unknown): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function append(pairs: string[], key: string, value: unknown): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== undefined && item !== null) pairs.push(`${encode(`${key}[]`)}=${encode(scalar(item))}`);
    return;
  }
  if (isPlainObject(value)) {
    for (const [sub, item] of Object.entries(value)) append(pairs, `${key}[${sub}]`, item);
    return;
  }
  pairs.push(`${encode(key)}=${encode(scalar(value))}`);
}

export function queryString(params: unknown): string {
  if (params instanceof URLSearchParams) return params.toString();
  if (!isPlainObject(params)) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) append(pairs, key, value);
  return pairs.join('&');
}

/** `url` with `params` added to any query it already has. */
export function withQuery(url: string, params: unknown): string {
  const query = queryString(params);
  if (!query) return url;
  const bare = url.split('#')[0]!;
  return `${bare}${bare.includes('?') ? '&' : '?'}${query}`;
}
