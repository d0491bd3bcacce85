// explain_diagnostic: what a diagnostic code means, with an example and a fix.
import * as z from 'zod';
import { explain } from '../../ide/index.ts';
import { ERROR_CODES, ToolError } from '../contract.ts';
import { defineTool, READ_ONLY } from './tool.ts';

const input = z.object({
  code: z.string().min(1).max(32).describe('A code as diagnostics report it; case and leading zeros are forgiven').meta({ examples: ['E1001'] }),
  lang: z.enum(['en', 'zh']).default('en').describe('Language of the explanation').meta({ examples: ['en'] }),
});

const output = z.object({
  code: z.string(),
  category: z.string(),
  severity: z.string(),
  title: z.string(),
  template: z.string().describe('The message template the compiler fills in'),
  description: z.string(),
  example: z.string().describe('A small program that produces this diagnostic'),
  help: z.string().describe('How to fix it'),
});

export const explainDiagnostic = defineTool({
  name: 'explain_diagnostic',
  title: 'Explain a diagnostic code',
  description:
    'Explain a YaoXiang diagnostic code (E0001…E9xxx, W…): category, title, what it means, a small program that triggers it, and how to fix it, in English or Chinese. An unknown code is an MCP-INVALID-INPUT error listing the nearest known codes.',
  input,
  output,
  annotations: READ_ONLY,
  async run(args) {
    const found = explain(args.code, args.lang);
    if (!found.ok) {
      const { suggestions } = found.error;
      throw new ToolError(ERROR_CODES.invalidInput, `${found.error.message}.${suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : ''}`, { suggestions });
    }
    const e = found.value;
    return { code: e.code, category: e.category, severity: e.severity, title: e.title, template: e.template, description: e.description, example: e.example, help: e.help };
  },
});
