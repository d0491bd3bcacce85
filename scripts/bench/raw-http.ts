// An MCP session over streamable HTTP without an SDK: initialize, then
// tools/call as a bare POST, the answer read whole (a JSON body or one SSE
// event). It measures the server and the loopback socket, as the raw stdio
// client (test/support/raw-mcp.ts) measures the server and the pipe.
import http from 'node:http';

export interface RawHttpSession {
  callTool(name: string, args: Record<string, unknown>): Promise<{ isError?: boolean }>;
  close(): void;
}

export async function openRawHttpSession(url: string): Promise<RawHttpSession> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let session: string | undefined;
  let id = 0;
  const post = (body: object) => new Promise<string>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
    if (session) headers['mcp-session-id'] = session;
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      const given = response.headers['mcp-session-id'];
      if (typeof given === 'string') session = given;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => (response.statusCode! < 300 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(`HTTP ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`))));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
  const request = async (method: string, params: object) => {
    const text = await post({ jsonrpc: '2.0', id: ++id, method, params });
    const message = JSON.parse(text.startsWith('{') ? text : sseData(text)) as { result?: unknown; error?: unknown };
    if (message.error !== undefined || message.result === undefined) throw new Error(`${method}: ${text.slice(0, 300)}`);
    return message.result;
  };
  await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench-raw-http', version: '1.0.0' } });
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    callTool: async (name, args) => (await request('tools/call', { name, arguments: args })) as { isError?: boolean },
    close: () => agent.destroy(),
  };
}

/** The data of the one event an answer's SSE stream holds. */
function sseData(stream: string): string {
  return stream.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, '')).join('\n');
}
