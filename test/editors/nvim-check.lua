-- Run by test/editors/nvim.test.ts inside `nvim --headless`: opens a file,
-- lets Neovim's own tree-sitter highlighter, fold and indent machinery work,
-- and writes what Neovim computed to a JSON file.
--   YAOXIANG_PARSER   path of the compiled yaoxiang.so
--   YAOXIANG_REQUEST  JSON: { file, positions = {{row, col}...}, indent_probe, indent_after }
--   YAOXIANG_RESULT   where to write the JSON result
local request = vim.json.decode(table.concat(vim.fn.readfile(os.getenv('YAOXIANG_REQUEST')), '\n'))
local result = { groups = {}, captures = {}, folds = {}, errors = {} }

local ok, err = pcall(function()
  require('yaoxiang').setup({ parser = os.getenv('YAOXIANG_PARSER') })
  vim.cmd('edit ' .. vim.fn.fnameescape(request.file))
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype
  local highlighter = vim.treesitter.highlighter.active[bufnr]
  assert(highlighter, 'no tree-sitter highlighter attached to the buffer')
  local hlquery = highlighter:get_query('yaoxiang')
  local query = hlquery:query()
  local root = highlighter.tree:parse()[1]:root()

  -- The group Neovim draws at a position: extmarks are set in capture order
  -- at equal priority, so the last capture covering it with a real group wins.
  for i, pos in ipairs(request.positions) do
    local row, col = pos[1], pos[2]
    local group, capture_name = '', ''
    for id, node in query:iter_captures(root, bufnr, row, row + 1) do
      local sr, sc, er, ec = node:range()
      local after_start = row > sr or (row == sr and col >= sc)
      local before_end = row < er or (row == er and col < ec)
      if after_start and before_end then
        -- Neovim 0.7 links each capture's group `yaoxiang<Group>` to <Group>.
        local name = vim.fn.synIDattr(hlquery.hl_cache[id], 'name'):gsub('^yaoxiang', '')
        if name ~= '' and not name:find('^__') and vim.fn.hlexists(name) == 1 then
          group, capture_name = name, query.captures[id]
        end
      end
    end
    result.groups[i] = group
    result.captures[i] = capture_name
  end

  vim.wo.foldlevel = 99
  for lnum = 1, vim.api.nvim_buf_line_count(bufnr) do
    result.folds[lnum] = vim.fn.foldlevel(lnum)
  end
  result.foldmethod = vim.wo.foldmethod

  -- Indentation Neovim computes for a new line typed after an opening brace.
  vim.cmd('enew')
  vim.bo.filetype = 'yaoxiang'
  vim.api.nvim_buf_set_lines(0, 0, -1, false, request.indent_probe)
  vim.bo.shiftwidth = 4
  vim.bo.expandtab = true
  -- `o` on each probe line opens a new line that Neovim indents with indentexpr.
  result.indents = {}
  for _, lnum in ipairs(request.indent_after) do
    vim.cmd('normal! ' .. lnum .. 'Gox')
    result.indents[#result.indents + 1] = vim.fn.indent(lnum + 1)
    vim.cmd('normal! ' .. (lnum + 1) .. 'Gdd')
  end
  result.indentexpr = vim.bo.indentexpr
end)
if not ok then table.insert(result.errors, tostring(err)) end
vim.fn.writefile({ vim.json.encode(result) }, os.getenv('YAOXIANG_RESULT'))
