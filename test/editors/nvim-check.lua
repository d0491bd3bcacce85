-- Run by test/editors/nvim.test.ts inside `nvim --headless`: opens a file,
-- lets Neovim's own tree-sitter highlighter, fold and indent machinery work,
-- and writes what Neovim computed to a JSON file.
--   YAOXIANG_PARSER   path of the compiled yaoxiang.so
--   YAOXIANG_REQUEST  JSON: { file, positions = {{row, col}...}, indent_probe, indent_after }
--   YAOXIANG_RESULT   where to write the JSON result
local request = vim.json.decode(table.concat(vim.fn.readfile(os.getenv('YAOXIANG_REQUEST')), '\n'))
local result = { groups = {}, captures = {}, folds = {}, errors = {} }

-- The highlight group a capture resolves to in Neovim 0.9+: `@a.b.c.yaoxiang`
-- falls back to `@a.b.c`, `@a.b`, `@a`; the first defined one is followed
-- through its links to the first classic group (`Conditional`, `String`...),
-- or kept as the `@` group when it has colours of its own. '' when undefined.
local function resolve_group(capture)
  local parts = vim.split(capture .. '.yaoxiang', '.', { plain = true })
  for n = #parts, 1, -1 do
    local name = '@' .. table.concat(parts, '.', 1, n)
    local hl = vim.api.nvim_get_hl(0, { name = name, link = true })
    if next(hl) ~= nil then
      for _ = 1, 20 do
        if not hl.link then return name end
        name = hl.link
        if not name:find('^@') then return name end
        hl = vim.api.nvim_get_hl(0, { name = name, link = true })
      end
      return name
    end
  end
  return ''
end

-- The group and capture Neovim draws at a position: extmarks are set in
-- capture order at equal priority, so the last capture covering it that has
-- a real group wins.
local function drawn_at(bufnr, highlighter, row, col)
  local group, capture_name = '', ''
  if vim.treesitter.get_captures_at_pos and vim.api.nvim_get_hl then
    for _, capture in ipairs(vim.treesitter.get_captures_at_pos(bufnr, row, col)) do
      local name = resolve_group(capture.capture)
      if name ~= '' then group, capture_name = name, capture.capture end
    end
    return group, capture_name
  end
  -- Neovim 0.7: each capture's group `yaoxiang<Group>` links to <Group>.
  local hlquery = highlighter:get_query('yaoxiang')
  local query = hlquery:query()
  local root = highlighter.tree:parse()[1]:root()
  for id, node in query:iter_captures(root, bufnr, row, row + 1) do
    local sr, sc, er, ec = node:range()
    local after_start = row > sr or (row == sr and col >= sc)
    local before_end = row < er or (row == er and col < ec)
    if after_start and before_end then
      local name = vim.fn.synIDattr(hlquery.hl_cache[id], 'name'):gsub('^yaoxiang', '')
      if name ~= '' and not name:find('^__') and vim.fn.hlexists(name) == 1 then
        group, capture_name = name, query.captures[id]
      end
    end
  end
  return group, capture_name
end

local ok, err = pcall(function()
  require('yaoxiang').setup({ parser = os.getenv('YAOXIANG_PARSER') })
  vim.cmd('edit ' .. vim.fn.fnameescape(request.file))
  local bufnr = vim.api.nvim_get_current_buf()
  local v = vim.version()
  result.version = string.format('%d.%d.%d', v.major, v.minor, v.patch)
  result.filetype = vim.bo[bufnr].filetype
  local highlighter = vim.treesitter.highlighter.active[bufnr]
  assert(highlighter, 'no tree-sitter highlighter attached to the buffer')
  for i, pos in ipairs(request.positions) do
    result.groups[i], result.captures[i] = drawn_at(bufnr, highlighter, pos[1], pos[2])
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
