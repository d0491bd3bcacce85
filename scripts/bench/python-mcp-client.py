"""What a Python MCP client pays for one tools/call: the official SDK's
ClientSession (which validates every structured result against the tool's
output schema with jsonschema) against a raw JSON-RPC client that only
writes a line and json.loads the answer, each on its own server process,
calls interleaved so that load on the machine hits both alike.

Run by scripts/bench/python-client.ts. Input on stdin, one JSON object:
  {"command": [...], "tool": "parse_source", "arguments": {...}, "warmup": N, "rounds": N}
Output on stdout, one JSON object: {"sdk": [ms...], "raw": [ms...]}.
Exit 3 when the SDK cannot be imported, so that the caller can skip.
"""

import json
import subprocess
import sys
import time

try:
    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client
except ImportError as error:  # the caller reports the skip with this reason
    print(f"no MCP SDK: {error}", file=sys.stderr)
    sys.exit(3)


class RawClient:
    """Newline-delimited JSON-RPC over the server's stdio, nothing else."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw-bench", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("server closed stdout")
            message = json.loads(line)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(json.dumps(message["error"]))
                return message["result"]

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


async def main():
    config = json.load(sys.stdin)
    command = config["command"]
    tool, arguments = config["tool"], config["arguments"]
    raw = RawClient(command)
    sdk_times, raw_times = [], []
    params = StdioServerParameters(command=command[0], args=command[1:])

    async def raw_call():
        answer = raw.request("tools/call", {"name": tool, "arguments": arguments})
        if answer.get("isError"):
            raise RuntimeError(f"raw call failed: {answer['content']}")

    with open("/dev/null", "w") as quiet:
        async with stdio_client(params, errlog=quiet) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                await session.list_tools()  # the SDK validates results only against listed schemas

                async def sdk_call():
                    result = await session.call_tool(tool, arguments)
                    if result.is_error:
                        raise RuntimeError(f"SDK call failed: {result.content}")

                for i in range(config["warmup"] + config["rounds"]):
                    # Alternate which goes first, so that neither always follows the other's GC or I/O.
                    order = (sdk_call, raw_call) if i % 2 == 0 else (raw_call, sdk_call)
                    times = {}
                    for call in order:
                        start = time.perf_counter()
                        await call()
                        times[call] = (time.perf_counter() - start) * 1000
                    if i >= config["warmup"]:
                        sdk_times.append(times[sdk_call])
                        raw_times.append(times[raw_call])
    raw.close()
    json.dump({"sdk": sdk_times, "raw": raw_times}, sys.stdout)


anyio.run(main)
