import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DOWNLOAD_LIMITS, PASSWORD, USERNAME_PATTERN } from '@field-portal/shared';
import { DEMO_DATASET, DEMO_DOCTORS_MAX } from './seed/demo-size.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_DATA: z.enum(['true', 'false']).default('true'),
  /** The first administrator, made unattended on a portal without one (docs/decisions/0041). */
  ADMIN_USERNAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .regex(USERNAME_PATTERN, 'may only contain letters, digits, dots, underscores and hyphens, and starts with a letter or digit')
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD.min, `must be ${PASSWORD.min} to ${PASSWORD.max} characters`)
    .max(PASSWORD.max, `must be ${PASSWORD.min} to ${PASSWORD.max} characters`)
    .optional(),
  /** The demo's doctors, read when the demo data is made (a fresh data folder or database). */
  DEMO_DOCTORS: z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${DEMO_DATASET.doctors} to ${DEMO_DOCTORS_MAX}`)
    .transform(Number)
    .refine((n) => n >= DEMO_DATASET.doctors && n <= DEMO_DOCTORS_MAX, `must be a whole number from ${DEMO_DATASET.doctors} to ${DEMO_DOCTORS_MAX}`)
    .default(DEMO_DATASET.doctors),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_ORIGIN: z.string().url().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default(''),
  WS_ORIGIN: z
    .string()
    .regex(/^wss?:\/\/[^\s/]+$/, 'must be a WebSocket origin such as wss://portal.example.com')
    .optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REALM: z.string().default(''),
  WEB_DIST: z.string().optional(),
  BI_SHARE_URL: z
    .string()
    .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'must be an http(s) URL or a path starting with /')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().email('must be an e-mail address').default('field-portal@localhost'),
  DOWNLOAD_KEEP_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(DOWNLOAD_LIMITS.keepHoursDefault),
  DOWNLOAD_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /** How often a running export stores and sends its progress. */
  DOWNLOAD_PROGRESS_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  /** The bearer token of GET /metrics; without it the metrics are off (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').regex(/^\S+$/, 'must not contain spaces').optional(),
  /** How long a stopping server waits for the requests under way (SIGTERM, SIGINT). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Secret for signing access tokens; generated and kept in DATA_DIR when not given. */
  jwtSecret: string | undefined;
  demoData: boolean;
  /**
   * ADMIN_USERNAME / ADMIN_PASSWORD: on a portal without an administrator the start makes one, who
   * must change the password at the first sign-in (docs/decisions/0041).
   */
  bootstrapAdmin: { username: string; password: string } | undefined;
  /**
   * The demo's doctors (DEMO_DOCTORS, 20,000 by default): past the default, the national dataset's
   * next doctors are added on the demo's hospitals when the demo data is made (docs/decisions/0022).
   */
  demoDoctors: number;
  logLevel: (typeof LOG_LEVELS)[number];
  corsOrigins: string[];
  /**
   * The proxies whose X-Forwarded-For / -Proto headers are believed (TRUST_PROXY: addresses,
   * CIDRs or proxy-addr's names loopback, linklocal, uniquelocal); empty: none, the client's
   * address is the connection's.
   */
  trustProxy: string[];
  /** A WebSocket origin other than the portal's own that the web may connect to (CSP connect-src). */
  wsOrigin: string | undefined;
  /** An OpenID Connect provider for single sign-on (docs/decisions/0013); its secret only for a confidential client. */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; realm: string } | undefined;
  webDist: string | undefined;
  /** The analytics share page the report screens frame (BI_SHARE_URL); the built-in one by default. */
  biShareUrl: string | undefined;
  /** The mail transport (SMTP_URL, MAIL_FROM); without SMTP_URL mail is written to DATA_DIR/outbox and not sent. */
  mail: { smtpUrl: string | undefined; from: string };
  /** The address users reach the portal at, for links in e-mail (PUBLIC_ORIGIN); else the address the sender used. */
  publicOrigin: string | undefined;
  /** The download centre: hours a finished file is kept; how long a worker's claim holds without progress (docs/decisions/0022). */
  downloads: { keepHours: number; leaseMs: number; progressMs: number };
  /** The bearer token of GET /metrics (METRICS_TOKEN); undefined: metrics off (docs/decisions/0038). */
  metricsToken: string | undefined;
  /** How long SIGTERM/SIGINT waits for requests under way before the process exits (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an IP address, a CIDR (address/prefix) or one of proxy-addr's names. */
export function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Tokens travel to the issuer: https, or plain http to this machine (development and tests). */
export function isSafeIssuer(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** Environment to a typed config; every bad variable is named with the reason. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) || (!e.OIDC_ISSUER && e.OIDC_CLIENT_ID)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  }
  if (e.OIDC_ISSUER && !isSafeIssuer(new URL(e.OIDC_ISSUER))) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER: must be an https URL (http only on this machine: localhost, 127.0.0.1, [::1])');
  }
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  const trustProxy = e.TRUST_PROXY.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const badProxy = trustProxy.find((entry) => !isProxyEntry(entry));
  if (badProxy !== undefined) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: "${badProxy}" is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    demoData: e.DEMO_DATA === 'true',
    bootstrapAdmin: e.ADMIN_USERNAME !== undefined && e.ADMIN_PASSWORD !== undefined ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    demoDoctors: e.DEMO_DOCTORS,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy,
    wsOrigin: e.WS_ORIGIN,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, realm: e.OIDC_REALM }
        : undefined,
    webDist: e.WEB_DIST,
    biShareUrl: e.BI_SHARE_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    downloads: { keepHours: e.DOWNLOAD_KEEP_HOURS, leaseMs: e.DOWNLOAD_LEASE_MS, progressMs: e.DOWNLOAD_PROGRESS_MS },
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  };
}
