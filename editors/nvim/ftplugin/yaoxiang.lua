-- Editing options, tree-sitter highlighting, folds and indentation for
-- YaoXiang buffers (the parser is registered by require('yaoxiang').setup(),
-- or found as parser/yaoxiang.so on the runtimepath).
local ok, yaoxiang = pcall(require, 'yaoxiang')
if ok then
  local bufnr = vim.api.nvim_get_current_buf()
  yaoxiang.attach(bufnr)
  vim.b.undo_ftplugin = 'setlocal indentexpr< commentstring< expandtab< shiftwidth< softtabstop< foldmethod< foldexpr< foldlevel<'
    .. ' | silent! autocmd! yaoxiang_folds_' .. bufnr
end
