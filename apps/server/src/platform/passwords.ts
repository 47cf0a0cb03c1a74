import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's first parameter set (m=19 MiB, t=2, p=1); @node-rs/argon2 defaults to argon2id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The password hash of an account made by single sign-on: it has no portal password, and nothing verifies against it. */
export const NO_PASSWORD = '';

export const hasPassword = (passwordHash: string) => passwordHash !== NO_PASSWORD;

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-at-all');
  return dummyHash;
}

/** A short list of the most common passwords (SECURITY.md 6.2.5); the full list is a deployment's choice. */
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  '11111111',
  '00000000',
  'abc12345',
  'abcd1234',
  'admin123',
  'admin1234',
  'welcome1',
  'letmein1',
  'football',
  'baseball',
  'sunshine',
  'princess',
  '1q2w3e4r',
  'qwertyuiop',
  'passw0rd',
  '88888888',
  '66666666',
  '12341234',
  'a1234567',
  'aa123456',
  'woaini1314',
  '1qaz2wsx',
  'zxcvbnm1',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
