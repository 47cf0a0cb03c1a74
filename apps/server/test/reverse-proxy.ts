import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { STOMP } from '@field-portal/shared';

/**
 * Debian's nginx in front of portal instances, as docs/deploy.md describes it: one upstream of
 * every instance, WebSocket upgrades on the STOMP endpoint, the client's address and protocol
 * forwarded. The test runs it as its own process (`daemon off`) with everything under `prefix`.
 */
export const NGINX = '/usr/sbin/nginx';

/**
 * The site docs/deploy.md shows (a file in Debian's /etc/nginx/conf.d/, inside `http`), for
 * `upstreams` (host:port of each instance) behind `listen`. The guide's copy is checked against
 * this function's output by the test.
 */
export function nginxSite({ listen, upstreams, accessLog }: { listen: string; upstreams: string[]; accessLog: string }): string {
  return `# Upgrade only what asks for it; everything else keeps its upstream connection alive.
map $http_upgrade $connection_upgrade {
  default upgrade;
  ''      '';
}

# Which instance answered each request ($upstream_addr), to follow a client across instances.
log_format field_portal '$remote_addr [$time_iso8601] "$request" $status $upstream_addr $request_time';
access_log ${accessLog} field_portal;

upstream field_portal {
${upstreams.map((u) => `  server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
  keepalive 16;
  # An idle pooled connection is closed by nginx, before the instance's own 72 s would: a stopping
  # instance waits for that (within SHUTDOWN_GRACE_MS, 10 s) instead of closing one nginx may be
  # sending a request on.
  keepalive_timeout 4s;
}

server {
  listen ${listen};
  # The largest upload is a card's attachment (50 MB).
  client_max_body_size 64m;

  proxy_http_version 1.1;
  proxy_set_header Host $host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_set_header Connection $connection_upgrade;
  proxy_set_header Upgrade $http_upgrade;
  # An instance that refuses or drops a connection, or answers 503 (stopping, or without its
  # database): the request goes to the next one; nginx sends only GET, HEAD and the like again.
  proxy_next_upstream error timeout http_503;
  proxy_connect_timeout 5s;

  location / {
    proxy_pass http://field_portal;
    proxy_read_timeout 120s;
    proxy_send_timeout 120s;
  }

  # The STOMP endpoint: heart-beats every ${STOMP.heartbeatMs / 1000} s both ways keep it well within these timeouts.
  location = ${STOMP.endpoint} {
    proxy_pass http://field_portal;
    proxy_buffering off;
    proxy_read_timeout 1h;
    proxy_send_timeout 1h;
  }
}
`;
}

/** The whole file the test runs: the site, with nginx's own files (pid, logs, temporary bodies) under `prefix`. */
export function nginxConfig({ prefix, listen, upstreams, asRoot }: { prefix: string; listen: string; upstreams: string[]; asRoot: boolean }): string {
  const site = nginxSite({ listen, upstreams, accessLog: `${prefix}/access.log` })
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
  return `${asRoot ? '# Started as root: the workers run as nobody (the prefix is readable to them).\nuser nobody nogroup;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }

http {
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

${site}}
`;
}

export interface RunningProxy {
  child: ChildProcess;
  /** The address clients connect to (host:port). */
  listen: string;
  configFile: string;
  stop(): Promise<void>;
}

/** Writes the configuration under `prefix` and starts nginx on it in the foreground. */
export function startNginx(prefix: string, listen: string, upstreams: string[]): RunningProxy {
  const asRoot = process.getuid?.() === 0;
  // The workers (nobody, when started as root) write request bodies under the prefix.
  if (asRoot) fs.chmodSync(prefix, 0o755);
  const configFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(configFile, nginxConfig({ prefix, listen, upstreams, asRoot }));
  const child = spawn(NGINX, ['-e', path.join(prefix, 'error.log'), '-c', configFile, '-p', prefix, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    child,
    listen,
    configFile,
    stop: () => stopProcess(child, 'SIGQUIT'),
  };
}

/** Sends `signal`, and SIGKILL if the process is still there after `graceMs`; resolves when it has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}
