// What Linux says about a process: resident memory from /proc/PID/status.
import { readFileSync } from 'node:fs';

/** VmRSS in bytes, or undefined when it cannot be read (not Linux, or the process is gone). */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
