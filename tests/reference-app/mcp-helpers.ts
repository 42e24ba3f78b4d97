import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A real SDK client over streamable HTTP. */
export async function connectHttp(url: string): Promise<Client> {
  const client = new Client({ name: 'treewright-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text fallback of a tool result. */
export function text(r: CallToolResult): string {
  const t = r.content.find((c) => c.type === 'text');
  if (!t || t.type !== 'text') throw new Error('no text content');
  return t.text;
}
