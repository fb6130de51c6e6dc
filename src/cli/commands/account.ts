/** `dictclip account add|passwd|apikey <user> --data <dir>`: accounts of the embedded service. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DictclipError } from '../../errors.js';
import { expectPositionals, parseCommandArgs, requiredString } from '../args.js';
import { ACCOUNT_HELP } from '../help.js';
import { readPasswordLine, usageError, type CliIo } from '../io.js';

const OPTIONS = {
  data: { type: 'string' },
  tenant: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const SUBCOMMANDS = ['add', 'passwd', 'apikey'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

export async function accountCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    (sub === undefined ? io.stderr : io.stdout).write(ACCOUNT_HELP);
    return sub === undefined ? 2 : 0;
  }
  if (!(SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw usageError(`unknown account command "${sub}"; expected add, passwd or apikey`);
  }
  const command = `account ${sub}`;
  const { values, positionals } = parseCommandArgs(command, rest, OPTIONS);
  if (values['help'] === true) {
    io.stdout.write(ACCOUNT_HELP);
    return 0;
  }
  const [user = ''] = expectPositionals(positionals, ['user'], command);
  const dataDir = resolve(io.cwd, requiredString(values, 'data', command));
  const service = await import('../../service/index.js');
  switch (sub as Subcommand) {
    case 'add': {
      const tenant = requiredString(values, 'tenant', command);
      const password = await passwordFromStdin(values, io, command);
      await service.addAccount(dataDir, user, tenant, password);
      io.stderr.write(`account "${user}" added (tenant "${tenant}"); change its password before use: dictclip account passwd ${user} --data … --password-stdin\n`);
      return 0;
    }
    case 'passwd': {
      const password = await passwordFromStdin(values, io, command);
      requireDataDir(dataDir, user);
      await service.setPassword(dataDir, user, password);
      io.stderr.write(`password of "${user}" set\n`);
      return 0;
    }
    case 'apikey': {
      if (values['password-stdin'] !== undefined || values['tenant'] !== undefined) {
        throw usageError(`dictclip ${command}: takes only <user> and --data`);
      }
      requireDataDir(dataDir, user);
      io.stdout.write(`${await service.createApiKey(dataDir, user)}\n`);
      return 0;
    }
  }
}

async function passwordFromStdin(values: Record<string, unknown>, io: CliIo, command: string): Promise<string> {
  if (values['password-stdin'] !== true) {
    throw usageError(`dictclip ${command}: --password-stdin is required (passwords are read from stdin, never from arguments)`);
  }
  return readPasswordLine(io.stdin);
}

/** An account command on an existing account needs an existing data folder: name a missing one. */
function requireDataDir(dataDir: string, user: string): void {
  if (existsSync(dataDir)) return;
  throw new DictclipError('E_ACCOUNT', `the data folder ${dataDir} does not exist, so it holds no account "${user}". ` +
    'Fix: pass --data the folder given to dictclip serve, or create the account first with dictclip account add.', { path: dataDir });
}
