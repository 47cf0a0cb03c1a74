import { ConfigError, loadConfig } from '../config.js';
import { BackupError, makeBackup, restoreBackup } from './backup.js';

// `npm run backup` and `npm run restore` (docs/decisions/0039): the portal's own configuration
// (DATA_DIR, DATABASE_URL) from the environment, as the server reads it.
const USAGE = `Usage:
  npm run backup [-- --to <folder>] [--keep <n>]   a backup of the portal into a new folder under <folder> (default ./backups); keep the newest <n>
  npm run restore -- <backup folder>              restore a backup into an empty DATA_DIR or an empty database (DATABASE_URL)
`;

const say = (line: string) => process.stdout.write(`${line}\n`);

class UsageError extends Error {}

function parseBackupArgs(args: string[]): { to: string; keep: number | undefined } {
  let to = 'backups';
  let keep: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = args[i + 1];
    if (arg === '--to' && value) {
      to = value;
      i++;
    } else if (arg === '--keep' && value) {
      if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError('--keep: must be a whole number of at least 1');
      keep = Number(value);
      i++;
    } else {
      throw new UsageError(`unknown argument: ${arg}`);
    }
  }
  return { to, keep };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const config = loadConfig();
    if (command === 'backup') {
      const { to, keep } = parseBackupArgs(args);
      const started = Date.now();
      const { dir, manifest, removed } = await makeBackup(config, { to, keep, say });
      const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
      say(`Backup written: ${dir}`);
      say(
        `  ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${Object.keys(manifest.files).length} files, last migration ${manifest.database.lastMigration.tag}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      for (const name of removed) say(`  removed the older backup ${name}`);
      return 0;
    }
    if (command === 'restore') {
      if (args.length !== 1) throw new UsageError('restore takes one argument: the backup folder');
      const manifest = await restoreBackup(config, args[0]!, say);
      say(
        `Restored the backup of ${manifest.createdAt} (portal ${manifest.portal.version}, last migration ${manifest.database.lastMigration.tag}): every table and file matches its manifest.`,
      );
      say('Start the portal: it applies any newer migrations at start.');
      return 0;
    }
    throw new UsageError(command ? `unknown command: ${command}` : 'no command given');
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exit(await main(process.argv.slice(2)));
