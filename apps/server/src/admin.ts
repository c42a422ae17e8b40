// `npm run admin -- <command>`: operator commands (create-user, block, unblock, set-password) on the
// same configuration as the server, whether or not the server runs. See ADMIN_USAGE.
import { runAdmin } from './admin-runner';
import { ConfigError, loadConfig } from './config';
import { ADMIN_USAGE, AdminUsageError, describeAdminError, parseAdminArgs } from './admin-cli/admin-commands';

async function main(): Promise<number> {
  let command;
  try {
    command = parseAdminArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof AdminUsageError)) throw error;
    console.error(`${error.message}\n\n${ADMIN_USAGE}`);
    return 64;
  }
  if (command === 'help') {
    console.log(ADMIN_USAGE);
    return 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }
  try {
    const { result } = await runAdmin(config, command);
    // create-user prints the bare uid so scripts can capture it; the others say what changed.
    if (command.command === 'create-user') console.log(String(result.uid));
    else if (command.command === 'set-password') console.log(`password of ${result.uid} (${result.userName}) changed; its sessions ended`);
    else console.log(`${result.uid} (${result.userName}) is ${result.blocked ? 'blocked' : 'not blocked'}`);
    return 0;
  } catch (error) {
    console.error(describeAdminError(error));
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
