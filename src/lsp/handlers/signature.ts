// textDocument/signatureHelp: the callee's signature and the active parameter.
import type { CancellationToken, SignatureHelp, SignatureHelpParams } from 'vscode-languageserver';
import type { Context } from './context.ts';

export function signatureHelp(context: Context) {
  return async (params: SignatureHelpParams, token: CancellationToken): Promise<SignatureHelp | null> => {
    const at = await context.session().at(params.textDocument.uri, params.position, token);
    if (!at) return null;
    const info = at.analysis.signature(at.path, at.offset);
    if (!info) return null;
    return {
      signatures: [{ label: info.label, parameters: info.parameters.map((p) => ({ label: p.label })) }],
      activeSignature: 0,
      activeParameter: info.activeParameter,
    };
  };
}
