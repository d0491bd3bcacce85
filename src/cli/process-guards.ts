// Long-running servers outlive any one request: a promise nobody awaited that
// rejects (a client answering a server request with an error, say) is logged
// and the server goes on. Node's default is to end the process.
export function surviveUnhandledRejections(server: string): void {
  process.on('unhandledRejection', (reason) => {
    const text = reason instanceof Error ? reason.stack ?? reason.message : String(reason);
    process.stderr.write(`yaoxiang ${server}: a promise was rejected and not handled (the server goes on): ${text}\n`);
  });
}
