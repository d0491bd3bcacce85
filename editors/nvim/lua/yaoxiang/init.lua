-- YaoXiang support for Neovim 0.7 and later: tree-sitter highlighting, folds
-- and indentation from the queries in this package's queries/yaoxiang/.
--
--   require('yaoxiang').setup({ parser = '/path/to/yaoxiang.so' })
--
-- Without `parser`, Neovim looks for parser/yaoxiang.so on the runtimepath.
local M = {}

local ts = vim.treesitter
local has_010 = vim.fn.has('nvim-0.10') == 1

-- Neovim 0.7 maps capture names to highlight groups through a table and knows
-- only the older names; teach it the current ones (:h treesitter-highlight-groups).
local legacy_groups = {
  ['keyword.conditional'] = 'Conditional',
  ['keyword.repeat'] = 'Repeat',
  ['keyword.import'] = 'Include',
  ['keyword.return'] = 'Keyword',
  ['keyword.coroutine'] = 'Keyword',
  ['keyword.operator'] = 'Operator',
  ['variable.parameter'] = 'Identifier',
  ['variable.member'] = 'Identifier',
  ['variable.builtin'] = 'Special',
  ['function.call'] = 'Function',
  ['function.method'] = 'Function',
  ['function.method.call'] = 'Function',
  ['type.definition'] = 'Typedef',
  ['module'] = 'Include',
  ['number.float'] = 'Float',
  ['string.special'] = 'SpecialChar',
}

local registered = false

local function register_language(opts)
  registered = true
  if ts.language.add then
    ts.language.add('yaoxiang', opts.parser and { path = opts.parser } or nil)
  else
    ts.language.require_language('yaoxiang', opts.parser)
  end
  local highlighter = ts.highlighter
  if highlighter and highlighter.hl_map then
    for capture, group in pairs(legacy_groups) do
      rawset(highlighter.hl_map, capture, group)
    end
  end
end

local fold_query, indent_query

local function get_query(name)
  local get = ts.query.get or ts.query.get_query
  return get('yaoxiang', name)
end

local function parse(bufnr)
  local parser = ts.get_parser(bufnr, 'yaoxiang')
  return parser:parse()[1], parser
end

-- Fold levels for every line of the buffer, from folds.scm: each @fold node
-- that spans lines opens a fold on its first line and closes it on its last.
-- As in Neovim 0.10's own foldexpr, a line that closes one fold and opens
-- another (`} else {`) belongs to the new fold only, and a node with the same
-- lines as the previous one adds no level.
local function compute_folds(bufnr)
  fold_query = fold_query or get_query('folds')
  local tree = parse(bufnr)
  local line_count = vim.api.nvim_buf_line_count(bufnr)
  local starts, ends = {}, {}
  local prev_start, prev_end = -1, -1
  for id, node in fold_query:iter_captures(tree:root(), bufnr, 0, line_count) do
    if fold_query.captures[id] == 'fold' then
      local start_row, _, end_row, end_col = node:range()
      if end_col == 0 then end_row = end_row - 1 end
      if end_row > start_row and not (start_row == prev_start and end_row == prev_end) then
        starts[start_row] = (starts[start_row] or 0) + 1
        ends[end_row] = (ends[end_row] or 0) + 1
        prev_start, prev_end = start_row, end_row
      end
    end
  end
  local levels, level = {}, 0
  for row = 0, line_count - 1 do
    local opened, closed = starts[row] or 0, ends[row] or 0
    level = level + opened
    if opened > 0 and closed > 0 then
      level = level - closed
      closed = 0
    end
    levels[row + 1] = (opened > 0 and '>' or '') .. level
    level = level - closed
  end
  return levels
end

local fold_cache = {}

function M.foldexpr(lnum)
  local bufnr = vim.api.nvim_get_current_buf()
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local cached = fold_cache[bufnr]
  if not cached or cached.tick ~= tick then
    cached = { tick = tick, levels = compute_folds(bufnr) }
    fold_cache[bufnr] = cached
  end
  return cached.levels[lnum or vim.v.lnum] or '0'
end

-- Indentation from indents.scm: one level per @indent.begin node that starts
-- on an earlier line and is still open; a line that starts with a closing
-- bracket (@indent.end) goes back to the level of its opening line.
function M.indentexpr(lnum)
  lnum = lnum or vim.v.lnum
  local bufnr = vim.api.nvim_get_current_buf()
  indent_query = indent_query or get_query('indents')
  local tree = parse(bufnr)
  local row = lnum - 1
  local line = vim.api.nvim_buf_get_lines(bufnr, row, row + 1, false)[1] or ''
  local first_col = (line:find('%S') or 1) - 1
  local closes = line:match('^%s*[%]%)}]') ~= nil
  local depth = 0
  local sw = vim.fn.shiftwidth()
  for id, node in indent_query:iter_captures(tree:root(), bufnr, 0, row + 1) do
    if indent_query.captures[id] == 'indent.begin' then
      local start_row, _, end_row, end_col = node:range()
      local open_after = start_row < row
      local still_open = end_row > row or (end_row == row and (end_col > first_col or not closes)) or node:has_error()
      if open_after and still_open and not (closes and end_row == row) then
        depth = depth + 1
      end
    end
  end
  return depth * sw
end

function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if not registered then register_language({}) end
  if ts.start then
    ts.start(bufnr, 'yaoxiang')
  else
    ts.highlighter.new(ts.get_parser(bufnr, 'yaoxiang'))
  end
  vim.bo[bufnr].commentstring = '// %s'
  vim.bo[bufnr].indentexpr = "v:lua.require'yaoxiang'.indentexpr()"
  vim.wo.foldmethod = 'expr'
  vim.wo.foldexpr = has_010 and 'v:lua.vim.treesitter.foldexpr()' or "v:lua.require'yaoxiang'.foldexpr()"
end

function M.setup(opts)
  register_language(opts or {})
end

return M
