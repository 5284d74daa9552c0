// npm run admin:hash-password: asks for a team member's password (or reads it from standard input) and
// prints the scrypt hash to put beside their name in ADMIN_USERS (name:hash, comma-separated).
import { createInterface } from 'node:readline';
import { hashPassword, SHORTEST_PASSWORD } from '../lib/admin/password.mjs';

async function readPassword() {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    return text.replace(/\r?\n$/, '');
  }
  process.stdout.write('Password (not shown): ');
  const lines = createInterface({ input: process.stdin, terminal: true });
  // Nothing typed is echoed.
  lines._writeToOutput = () => undefined;
  const password = await new Promise((resolve) => lines.once('line', resolve));
  lines.close();
  process.stdout.write('\n');
  return password;
}

const password = await readPassword();
if (password.length < SHORTEST_PASSWORD) {
  console.error(`A password for the inbox needs at least ${SHORTEST_PASSWORD} characters.`);
  process.exit(1);
}
console.log(hashPassword(password));
