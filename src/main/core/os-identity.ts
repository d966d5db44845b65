import { hostname, userInfo } from 'node:os';

/**
 * The signed-in OS user and the machine's name. userInfo() throws where the user has no passwd
 * entry (some containers): the approval still records something a person can read.
 */
export function osIdentity(): { user: string; machine: string } {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = process.env['USER'] ?? process.env['USERNAME'] ?? 'unknown user';
  }
  return { user: user || 'unknown user', machine: hostname() || 'unknown machine' };
}
