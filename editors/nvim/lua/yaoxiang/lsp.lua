-- Starts `yaoxiang lsp` for YaoXiang buffers with Neovim's built-in client.
--
--   require('yaoxiang.lsp').setup()                       -- `yaoxiang` on PATH
--   require('yaoxiang.lsp').setup({ cmd = { 'node', '/path/to/bin/yaoxiang.js', 'lsp' } })
--
-- Neovim 0.11 and later: registered with vim.lsp.config / vim.lsp.enable.
-- Neovim 0.7 to 0.10: a FileType autocommand starts one client per project
-- root (the nearest folder holding yaoxiang.toml, else the nearest holding
-- .git, else the file's folder: the root_markers 0.11 is given) and attaches
-- each buffer to it, with completion on <C-x><C-o> (0.11 sets that itself).
local M = {}

local function root_of(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local manifest = vim.fn.findfile('yaoxiang.toml', dir .. ';')
  if manifest ~= '' then
    return vim.fn.fnamemodify(manifest, ':p:h')
  end
  -- A repository's .git is a folder, a worktree's a file: the nearer one wins.
  local git_dir = vim.fn.finddir('.git', dir .. ';')
  local git_file = vim.fn.findfile('.git', dir .. ';')
  git_dir = git_dir ~= '' and vim.fn.fnamemodify(git_dir, ':p:h:h') or ''
  git_file = git_file ~= '' and vim.fn.fnamemodify(git_file, ':p:h') or ''
  local git = #git_file > #git_dir and git_file or git_dir
  return git ~= '' and git or dir
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
        vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
      end
    end,
  })
end

return M
