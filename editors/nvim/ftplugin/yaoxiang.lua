-- Attaches tree-sitter highlighting, folds and indentation to YaoXiang buffers.
-- The parser must be registered first (require('yaoxiang').setup()).
local ok, yaoxiang = pcall(require, 'yaoxiang')
if ok and pcall(yaoxiang.attach, vim.api.nvim_get_current_buf()) then
  vim.b.undo_ftplugin = 'setlocal indentexpr< commentstring< foldmethod< foldexpr<'
end
