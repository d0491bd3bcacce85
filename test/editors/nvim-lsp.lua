-- Run by test/editors/nvim-lsp.test.ts inside `nvim --headless`: opens a
-- program with an error through editors/nvim's LSP setup and records what
-- Neovim's own LSP client reports.
--   YAOXIANG_CMD      JSON list: the server command
--   YAOXIANG_REQUEST  JSON: { file, hover = {row, col}, definition = {row, col} }
--   YAOXIANG_RESULT   where to write the JSON result
local request = vim.json.decode(table.concat(vim.fn.readfile(os.getenv('YAOXIANG_REQUEST')), '\n'))
local result = { errors = {} }

-- Clients attached to a buffer, as a list (0.10 renamed the call, whose old
-- form warns in 0.11 and returns a table keyed by client id in 0.7).
local function clients_of(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

local ok, err = pcall(function()
  require('yaoxiang.lsp').setup({ cmd = vim.json.decode(os.getenv('YAOXIANG_CMD')) })
  vim.cmd('edit ' .. vim.fn.fnameescape(request.file))
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype
  assert(vim.wait(20000, function() return #clients_of(bufnr) > 0 end, 50), 'no LSP client attached')
  result.omnifunc = vim.bo[bufnr].omnifunc
  assert(vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50), 'no diagnostics')
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, { code = d.code, lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message, source = d.source })
  end

  -- Hover: the text Neovim would show in its floating window.
  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr), position = { line = request.hover[1], character = request.hover[2] } }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000)
  for _, response in pairs(responses or {}) do
    if response.result then
      local lines = vim.lsp.util.convert_input_to_markdown_lines(response.result.contents)
      result.hover = table.concat(lines, '\n')
    end
  end

  -- Definition: jump as `gd` would, then read where the cursor is.
  vim.api.nvim_win_set_cursor(0, { request.definition[1] + 1, request.definition[2] })
  vim.lsp.buf.definition()
  assert(vim.wait(10000, function() return vim.api.nvim_buf_get_name(0) ~= request.file end, 50), 'definition did not jump')
  local cursor = vim.api.nvim_win_get_cursor(0)
  result.definition = { file = vim.api.nvim_buf_get_name(0), row = cursor[1] - 1, col = cursor[2] }

  -- Formatting: the buffer after Neovim applied the server's edits.
  vim.cmd('edit ' .. vim.fn.fnameescape(request.format_file))
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
  vim.cmd('edit ' .. vim.fn.fnameescape(request.file))
  local mbuf = vim.api.nvim_get_current_buf()
  vim.api.nvim_win_set_cursor(0, { request.rename.at[1] + 1, request.rename.at[2] })
  local row = request.rename.at[1]
  local before = vim.api.nvim_buf_get_lines(mbuf, row, row + 1, false)[1]
  vim.lsp.buf.rename(request.rename.new_name)
  assert(vim.wait(10000, function()
    return vim.api.nvim_buf_get_lines(mbuf, row, row + 1, false)[1] ~= before
  end, 50), 'rename changed nothing')
  result.renamed = {}
  for _, file in ipairs(request.rename.files) do
    result.renamed[file] = vim.api.nvim_buf_get_lines(vim.fn.bufadd(file), 0, -1, false)
  end

  -- Root: a file with no yaoxiang.toml above it, in a git repository.
  vim.cmd('edit ' .. vim.fn.fnameescape(request.git_file))
  local gbuf = vim.api.nvim_get_current_buf()
  assert(vim.wait(20000, function() return #clients_of(gbuf) > 0 end, 50), 'no LSP client on the file in a git repository')
  local client = clients_of(gbuf)[1]
  result.git_root = client.root_dir or client.config.root_dir
end)
if not ok then
  table.insert(result.errors, tostring(err))
end
vim.fn.writefile({ vim.json.encode(result) }, os.getenv('YAOXIANG_RESULT'))
