#!/usr/bin/env node
// The MCP shim as a process of its own (`node dist/agents/main.js`, or `npx tsx agents/main.ts`);
// `npx treewright mcp` runs the same runMcpCli.
import { runMcpCli } from './cli.js';

process.exitCode = await runMcpCli(process.argv.slice(2));
