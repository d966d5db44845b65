// A main process that starts the Demo's PostgreSQL, says where, and ends without stopping it
// (as a crash or a quit that did not wait would): tests/unit/demo-postgres.test.ts.
import { startDemoPostgres } from '../../src/main/demo/demo-postgres';

void startDemoPostgres().then((server) => {
  process.stdout.write(`${JSON.stringify({ port: server.port, folder: server.folder })}\n`, () => process.exit(0));
});
