-- Run by test/editors/nvim-lsp.test.ts inside `nvim --headless`: opens a
-- program with an error through editors/nvim's LSP setup and records what
-- Neovim's own LSP client reports for every feature of the README's
-- language-server table. Features Neovim has a command for go through it
-- (definition, references, highlights, rename, formatting, the quick fix); the
-- rest are requested with vim.lsp.buf_request_sync (and on 0.11 inlay hints,
-- semantic tokens and folds are also read back from what Neovim shows by
-- itself), so Neovim's transport, initialize,
-- position encoding and document sync carry them, and positions in answers
-- are turned into byte columns with the encoding the client negotiated.
--   YAOXIANG_CMD      JSON list: the server command
--   YAOXIANG_REQUEST  JSON: { file, hover, definition, signature, completion, selection = {row, col},
--                     symbols_file, workspace_query, format_file,
--                     rename = { at, new_name, files }, fix = {row, col}, git_file }
--   YAOXIANG_RESULT   where to write the JSON result
local request_of = vim.json.decode(table.concat(vim.fn.readfile(os.getenv('YAOXIANG_REQUEST')), '\n'))
local result = { errors = {} }

-- Clients attached to a buffer, as a list (0.10 renamed the call, whose old
-- form warns in 0.11 and returns a table keyed by client id in 0.7).
local function clients_of(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

-- The one answer of `method` from the buffer's client, through Neovim's transport.
local function request(bufnr, method, params)
  local responses, failure = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
  assert(responses, method .. ': ' .. tostring(failure))
  for _, response in pairs(responses) do
    assert(response.err == nil, method .. ': ' .. vim.inspect(response.err))
    return response.result
  end
  error(method .. ': no answer')
end

local function at(bufnr, row_col)
  return { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = row_col[1], character = row_col[2] } }
end

-- The byte column of an LSP position in `encoding` (0.11 changed vim.str_byteindex's arguments).
local function byte_col(bufnr, position, encoding)
  if encoding == 'utf-8' then return position.character end
  local line = vim.api.nvim_buf_get_lines(bufnr, position.line, position.line + 1, false)[1] or ''
  if vim.fn.has('nvim-0.11') == 1 then return vim.str_byteindex(line, encoding, position.character, false) end
  return vim.str_byteindex(line, position.character, encoding == 'utf-16')
end

local function range_of(bufnr, range, encoding)
  return { range.start.line, byte_col(bufnr, range.start, encoding), range['end'].line, byte_col(bufnr, range['end'], encoding) }
end

local function wait_attached(bufnr, what)
  assert(vim.wait(20000, function() return #clients_of(bufnr) > 0 end, 50), 'no LSP client on ' .. what)
end

local ok, err = pcall(function()
  require('yaoxiang.lsp').setup({ cmd = vim.json.decode(os.getenv('YAOXIANG_CMD')) })
  vim.cmd('edit ' .. vim.fn.fnameescape(request_of.file))
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype
  assert(vim.wait(20000, function() return #clients_of(bufnr) > 0 end, 50), 'no LSP client attached')
  result.omnifunc = vim.bo[bufnr].omnifunc
  assert(vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50), 'no diagnostics')
  local client = clients_of(bufnr)[1]
  local encoding = client.offset_encoding
  result.encoding = encoding
  -- Pushed diagnostics land in the client's push namespace, pulled ones (0.10+) in another.
  local push_namespace = vim.lsp.diagnostic.get_namespace(client.id, false)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, {
      code = d.code, lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message, source = d.source,
      mode = d.namespace == push_namespace and 'push' or 'pull',
    })
  end

  -- Hover: the text Neovim would show in its floating window.
  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr), position = { line = request_of.hover[1], character = request_of.hover[2] } }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000)
  for _, response in pairs(responses or {}) do
    if response.result then
      local lines = vim.lsp.util.convert_input_to_markdown_lines(response.result.contents)
      result.hover = table.concat(lines, '\n')
    end
  end

  -- Inlay hints over the whole buffer, at byte columns.
  local lines = vim.api.nvim_buf_line_count(bufnr)
  result.inlay_hints = {}
  local hints = request(bufnr, 'textDocument/inlayHint', { textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = lines, character = 0 } } })
  for _, hint in ipairs(hints) do
    table.insert(result.inlay_hints, { hint.position.line, byte_col(bufnr, hint.position, encoding), hint.label, hint.kind })
  end

  -- 0.10+ show inlay hints themselves: what vim.lsp.inlay_hint.get() holds once enabled.
  if vim.lsp.inlay_hint and vim.lsp.inlay_hint.get then
    vim.lsp.inlay_hint.enable(true, { bufnr = bufnr })
    assert(vim.wait(10000, function() return #vim.lsp.inlay_hint.get({ bufnr = bufnr }) > 0 end, 50), 'no inlay hints shown')
    result.shown_inlay_hints = {}
    for _, item in ipairs(vim.lsp.inlay_hint.get({ bufnr = bufnr })) do
      local hint = item.inlay_hint
      table.insert(result.shown_inlay_hints, { hint.position.line, byte_col(bufnr, hint.position, encoding), hint.label, hint.kind })
    end
    table.sort(result.shown_inlay_hints, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
  end

  -- Signature help and completion (after `io.`), as labels.
  local help = request(bufnr, 'textDocument/signatureHelp', at(bufnr, request_of.signature))
  result.signature = help.signatures[(help.activeSignature or 0) + 1].label
  local completion = request(bufnr, 'textDocument/completion', at(bufnr, request_of.completion))
  result.completions = {}
  for _, item in ipairs(completion.items or completion) do table.insert(result.completions, item.label) end

  -- Selection ranges: the innermost two around a name.
  local selections = request(bufnr, 'textDocument/selectionRange', { textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    positions = { { line = request_of.selection[1], character = request_of.selection[2] } } })
  result.selection = { range_of(bufnr, selections[1].range, encoding), range_of(bufnr, selections[1].parent.range, encoding) }

  -- Highlights: what vim.lsp.buf.document_highlight() marks, as its extmarks.
  vim.api.nvim_win_set_cursor(0, { request_of.definition[1] + 1, request_of.definition[2] })
  local highlight_ns = vim.api.nvim_create_namespace(vim.fn.has('nvim-0.11') == 1 and 'nvim.lsp.references' or 'vim_lsp_references')
  vim.lsp.buf.document_highlight()
  assert(vim.wait(10000, function() return #vim.api.nvim_buf_get_extmarks(bufnr, highlight_ns, 0, -1, {}) > 0 end, 50), 'no highlights')
  result.highlights = {}
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, highlight_ns, 0, -1, { details = true })) do
    table.insert(result.highlights, { mark[2], mark[3], mark[4].end_col })
  end
  vim.lsp.buf.clear_references()

  -- References: the quickfix list vim.lsp.buf.references() fills.
  vim.fn.setqflist({}, 'r')
  vim.lsp.buf.references({ includeDeclaration = true })
  assert(vim.wait(10000, function() return #vim.fn.getqflist() > 0 end, 50), 'no references')
  vim.cmd('cclose')
  result.references = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(result.references, { file = vim.api.nvim_buf_get_name(item.bufnr), row = item.lnum - 1 })
  end
  vim.api.nvim_set_current_buf(bufnr)

  -- Workspace symbols, as Neovim lists them.
  result.workspace_symbols = {}
  local found = request(bufnr, 'workspace/symbol', { query = request_of.workspace_query })
  for _, item in ipairs(vim.lsp.util.symbols_to_items(found, bufnr, encoding)) do
    table.insert(result.workspace_symbols, { file = item.filename, row = item.lnum - 1, text = item.text })
  end

  -- Definition: jump as `gd` would, then read where the cursor is.
  vim.api.nvim_win_set_cursor(0, { request_of.definition[1] + 1, request_of.definition[2] })
  vim.lsp.buf.definition()
  assert(vim.wait(10000, function() return vim.api.nvim_buf_get_name(0) ~= request_of.file end, 50), 'definition did not jump')
  local cursor = vim.api.nvim_win_get_cursor(0)
  result.definition = { file = vim.api.nvim_buf_get_name(0), row = cursor[1] - 1, col = cursor[2] }

  -- In the file the definition opened: document symbols, semantic tokens (decoded
  -- with the advertised legend) and folding ranges.
  local sbuf = vim.api.nvim_get_current_buf()
  wait_attached(sbuf, 'the definition\'s file')
  result.document_symbols = {}
  local symbols = request(sbuf, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(sbuf) } })
  for _, item in ipairs(vim.lsp.util.symbols_to_items(symbols, sbuf, encoding)) do
    table.insert(result.document_symbols, { row = item.lnum - 1, text = item.text })
  end
  local legend = client.server_capabilities.semanticTokensProvider.legend
  local tokens = request(sbuf, 'textDocument/semanticTokens/full', { textDocument = { uri = vim.uri_from_bufnr(sbuf) } })
  result.semantic_tokens = {}
  local line, character = 0, 0
  for i = 1, #tokens.data, 5 do
    local d = tokens.data
    line = line + d[i]
    character = d[i] == 0 and character + d[i + 1] or d[i + 1]
    local start = byte_col(sbuf, { line = line, character = character }, encoding)
    local stop = byte_col(sbuf, { line = line, character = character + d[i + 2] }, encoding)
    table.insert(result.semantic_tokens, string.format('%d:%d+%d %s/%d', line, start, stop - start, legend.tokenTypes[d[i + 3] + 1], d[i + 4]))
  end
  -- 0.9+ highlight semantic tokens themselves: what vim.lsp.semantic_tokens.get_at_pos() finds on `Point` of its definition.
  if vim.lsp.semantic_tokens and vim.lsp.semantic_tokens.get_at_pos then
    local function shown() return vim.lsp.semantic_tokens.get_at_pos(sbuf, 4, 5) or {} end
    assert(vim.wait(10000, function() return #shown() > 0 end, 50), 'no semantic token shown')
    local token = shown()[1]
    local modifiers = vim.tbl_keys(token.modifiers or {})
    table.sort(modifiers)
    result.shown_semantic_token = { token.line, token.start_col, token.end_col, token.type, modifiers }
  end
  -- 0.11 folds with vim.lsp.foldexpr(): the fold level of each line.
  if vim.lsp.foldexpr then
    vim.wo.foldmethod = 'expr'
    vim.wo.foldexpr = 'v:lua.vim.lsp.foldexpr()'
    local last = vim.api.nvim_buf_line_count(sbuf)
    assert(vim.wait(10000, function() vim.cmd('normal! zx') return vim.fn.foldlevel(9) > 0 end, 50), 'no LSP folds')
    result.shown_fold_levels = {}
    for line = 1, last do table.insert(result.shown_fold_levels, vim.fn.foldlevel(line)) end
    vim.wo.foldmethod = 'manual'
  end
  result.folding_ranges = {}
  for _, fold in ipairs(request(sbuf, 'textDocument/foldingRange', { textDocument = { uri = vim.uri_from_bufnr(sbuf) } })) do
    table.insert(result.folding_ranges, { fold.startLine, fold.endLine })
  end

  -- Formatting: the buffer after Neovim applied the server's edits.
  vim.cmd('edit ' .. vim.fn.fnameescape(request_of.format_file))
  local fbuf = vim.api.nvim_get_current_buf()
  vim.bo[fbuf].shiftwidth = 2
  vim.bo[fbuf].tabstop = 2
  vim.bo[fbuf].expandtab = true
  assert(vim.wait(20000, function() return #clients_of(fbuf) > 0 end, 50), 'no LSP client on the second buffer')
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = fbuf, timeout_ms = 10000 })
  else
    vim.lsp.buf.formatting_sync(nil, 10000)
  end
  result.formatted = vim.api.nvim_buf_get_lines(fbuf, 0, -1, false)

  -- Rename: as `:lua vim.lsp.buf.rename('new')` would, across the project;
  -- Neovim applies the edit to every file's buffer, loading those not open.
  vim.cmd('edit ' .. vim.fn.fnameescape(request_of.file))
  local mbuf = vim.api.nvim_get_current_buf()
  vim.api.nvim_win_set_cursor(0, { request_of.rename.at[1] + 1, request_of.rename.at[2] })
  local row = request_of.rename.at[1]
  local before = vim.api.nvim_buf_get_lines(mbuf, row, row + 1, false)[1]
  vim.lsp.buf.rename(request_of.rename.new_name)
  assert(vim.wait(10000, function()
    return vim.api.nvim_buf_get_lines(mbuf, row, row + 1, false)[1] ~= before
  end, 50), 'rename changed nothing')
  result.renamed = {}
  for _, file in ipairs(request_of.rename.files) do
    result.renamed[file] = vim.api.nvim_buf_get_lines(vim.fn.bufadd(file), 0, -1, false)
  end

  -- Quick fix: the code action on the diagnostic, chosen as a user would from
  -- vim.ui.select; the edit goes back to the server as an incremental change
  -- and the diagnostic goes away.
  vim.api.nvim_set_current_buf(mbuf)
  vim.api.nvim_win_set_cursor(0, { request_of.fix[1] + 1, request_of.fix[2] })
  result.code_actions = {}
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      local action = item.action or item[2]
      table.insert(result.code_actions, action.title)
    end
    on_choice(items[1], 1)
  end
  local diagnostic_lines = vim.api.nvim_buf_get_lines(mbuf, 0, -1, false)
  vim.lsp.buf.code_action()
  assert(vim.wait(10000, function()
    return not vim.deep_equal(vim.api.nvim_buf_get_lines(mbuf, 0, -1, false), diagnostic_lines)
  end, 50), 'the quick fix changed nothing')
  result.fixed = vim.api.nvim_buf_get_lines(mbuf, 0, -1, false)
  assert(vim.wait(20000, function() return #vim.diagnostic.get(mbuf) == 0 end, 50), 'the diagnostic stayed after the quick fix')

  -- Root: a file with no yaoxiang.toml above it, in a git repository.
  vim.cmd('edit ' .. vim.fn.fnameescape(request_of.git_file))
  local gbuf = vim.api.nvim_get_current_buf()
  assert(vim.wait(20000, function() return #clients_of(gbuf) > 0 end, 50), 'no LSP client on the file in a git repository')
  local client = clients_of(gbuf)[1]
  result.git_root = client.root_dir or client.config.root_dir
end)
if not ok then
  table.insert(result.errors, tostring(err))
end
vim.fn.writefile({ vim.json.encode(result) }, os.getenv('YAOXIANG_RESULT'))
