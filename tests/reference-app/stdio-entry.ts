// Runs the reference app CLI in a child process, for the stdio transport test.
import { runReferenceAppCli } from '../../src/reference-app/start.js';

process.exitCode = await runReferenceAppCli(process.argv.slice(2));
