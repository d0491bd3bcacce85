-- Run by test/editors/nvim.test.ts inside `nvim --headless`: what a user of
-- editors/nvim sees besides highlighting. Writes a JSON result.
--   YAOXIANG_REQUEST  JSON: { parser, reindent = {files}, yx_file, other_file, typed = {lines} }
--   YAOXIANG_RESULT   where to write the JSON result
-- With parser = false, checks only what happens when no parser can be loaded.
local request = vim.json.decode(table.concat(vim.fn.readfile(os.getenv('YAOXIANG_REQUEST')), '\n'))
local result = { errors = {}, reindented = {} }

local function window_options()
  return { foldmethod = vim.wo.foldmethod, foldexpr = vim.wo.foldexpr, foldlevel = vim.wo.foldlevel }
end

local ok, err = pcall(function()
  if not request.parser then
    -- Messages, as :messages would list them.
    local notified = {}
    vim.notify = function(message, level) table.insert(notified, { message = message, level = level }) end
    require('yaoxiang').setup({ parser = '/nonexistent/yaoxiang.so' })
    vim.cmd('edit ' .. vim.fn.fnameescape(request.yx_file))
    result.notified = notified
    result.filetype = vim.bo.filetype
    result.expandtab, result.shiftwidth = vim.bo.expandtab, vim.bo.shiftwidth
    return
  end
  require('yaoxiang').setup({ parser = request.parser })

  -- gg=G on programs indented by hand: which lines Neovim would change.
  for _, file in ipairs(request.reindent) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file))
    local before = vim.api.nvim_buf_get_lines(0, 0, -1, false)
    vim.cmd('silent normal! gg=G')
    local changed = {}
    for i, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
      if line ~= before[i] then table.insert(changed, i) end
    end
    result.reindented[file] = changed
    vim.cmd('silent! bwipeout!')
  end

  -- Options of a YaoXiang buffer, and none of them reaching other buffers.
  vim.cmd('edit ' .. vim.fn.fnameescape(request.yx_file))
  local yx = vim.api.nvim_get_current_buf()
  result.yx = window_options()
  result.yx.expandtab, result.yx.shiftwidth, result.yx.softtabstop = vim.bo.expandtab, vim.bo.shiftwidth, vim.bo.softtabstop
  result.yx.closed_lines = 0
  for lnum = 1, vim.api.nvim_buf_line_count(0) do
    if vim.fn.foldclosed(lnum) ~= -1 then result.yx.closed_lines = result.yx.closed_lines + 1 end
  end
  result.yx.fold_lines = 0
  for lnum = 1, vim.api.nvim_buf_line_count(0) do
    if vim.fn.foldlevel(lnum) > 0 then result.yx.fold_lines = result.yx.fold_lines + 1 end
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(request.other_file))
  result.other_same_window = window_options()
  vim.cmd('new')
  result.new_window = window_options()
  vim.cmd('buffer ' .. yx)
  result.yx_in_new_window = window_options()
  vim.cmd('only')

  -- Typing: `o` after each line of a new buffer, then the text typed.
  vim.cmd('enew')
  vim.bo.filetype = 'yaoxiang'
  vim.api.nvim_buf_set_lines(0, 0, -1, false, request.typed)
  vim.cmd('normal! 1Gox')
  vim.cmd('normal! 3Gox')
  result.typed = vim.api.nvim_buf_get_lines(0, 0, -1, false)
end)
if not ok then table.insert(result.errors, tostring(err)) end
vim.fn.writefile({ vim.json.encode(result) }, os.getenv('YAOXIANG_RESULT'))
