-- Starts `yaoxiang lsp` for YaoXiang buffers with Neovim's built-in client.
--
--   require('yaoxiang.lsp').setup()                       -- `yaoxiang` on PATH
--   require('yaoxiang.lsp').setup({ cmd = { 'node', '/path/to/bin/yaoxiang.js', 'lsp' } })
--
-- Neovim 0.11 and later: registered with vim.lsp.config / vim.lsp.enable.
-- Neovim 0.7 to 0.10: a FileType autocommand starts one client per project
-- root (the nearest folder holding yaoxiang.toml, else the file's folder) and
-- attaches each buffer to it.
local M = {}

local function root_of(path)
  local found = vim.fn.findfile('yaoxiang.toml', vim.fn.fnamemodify(path, ':p:h') .. ';')
  if found ~= '' then
    return vim.fn.fnamemodify(found, ':p:h')
  end
  return vim.fn.fnamemodify(path, ':p:h')
end

function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { 'yaoxiang', 'lsp', '--stdio' }
  if vim.lsp.config and vim.lsp.enable then
    vim.lsp.config('yaoxiang', {
      cmd = cmd,
      filetypes = { 'yaoxiang' },
      root_markers = { 'yaoxiang.toml', '.git' },
      on_attach = opts.on_attach,
    })
    vim.lsp.enable('yaoxiang')
    return
  end
  local clients = {}
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'yaoxiang',
    callback = function(args)
      local root = root_of(vim.api.nvim_buf_get_name(args.buf))
      local id = clients[root]
      if not id or vim.lsp.get_client_by_id(id) == nil then
        id = vim.lsp.start_client({
          name = 'yaoxiang',
          cmd = cmd,
          root_dir = root,
          workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
          on_attach = opts.on_attach,
        })
        clients[root] = id
      end
      if id then
        vim.lsp.buf_attach_client(args.buf, id)
      end
    end,
  })
end

return M
