-- YaoXiang support for Neovim 0.7 and later: tree-sitter highlighting, folds
-- and indentation from the queries in this package's queries/yaoxiang/.
--
--   require('yaoxiang').setup({ parser = '/path/to/yaoxiang.so' })
--
-- Without `parser`, Neovim looks for parser/yaoxiang.so on the runtimepath.
-- Without a parser at all, YaoXiang buffers still get their editing options
-- (comments, spaces), and one warning says how to build it.
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

local BUILD_HINT = 'build it from tree-sitter-yaoxiang/ of the repository: '
  .. 'cc -O2 -shared -fPIC -I src src/parser.c src/scanner.c -o ../editors/nvim/parser/yaoxiang.so'

-- nil until setup or the first buffer tried; then whether the parser loaded.
local loaded = nil

local function load_parser(path)
  if ts.language.add then
    -- 0.11 returns nil and a message; 0.10 throws.
    local ok, added, err = pcall(ts.language.add, 'yaoxiang', path and { path = path } or nil)
    if ok and added then return true end
    return false, ok and err or added
  end
  local ok, err = pcall(ts.language.require_language, 'yaoxiang', path)
  return ok, err
end

local function register_language(opts)
  local ok, err = load_parser(opts.parser)
  loaded = ok
  if not ok then
    vim.notify('yaoxiang: no tree-sitter parser for YaoXiang (' .. tostring(err) .. '); ' .. BUILD_HINT, vim.log.levels.WARN)
    return
  end
  local highlighter = ts.highlighter
  if highlighter and highlighter.hl_map then
    for capture, group in pairs(legacy_groups) do
      rawset(highlighter.hl_map, capture, group)
    end
  end
end

-- *.yx is YaoXiang even when a plugin manager put this package on the
-- runtimepath after startup, too late for ftdetect/.
local function register_filetype()
  local group = vim.api.nvim_create_augroup('yaoxiang_filetype', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, { group = group, pattern = '*.yx', command = 'setfiletype yaoxiang' })
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

-- A node the parser could not close (`main = {` typed, no `}` yet) stays open
-- below its last line; one merely holding an error inside is closed as usual.
local function unclosed(node)
  if not node:has_error() then return false end
  local last = node:child(node:child_count() - 1)
  return last ~= nil and last:missing()
end

-- The column to align to when an @indent.align node's first element follows
-- its opening bracket on the same line (`mk(1,` puts the next line under 1).
local function align_column(node)
  local open, first = node:child(0), node:child(1)
  -- `()`: the second child is the closing bracket, nothing to align to.
  if not open or not first or open:named() or node:child_count() < 3 then return nil end
  local open_row = open:range()
  local first_row, first_col = first:range()
  if first_row == open_row then return first_col end
  return nil
end

-- Indentation from indents.scm, with nvim-treesitter's meaning of the captures:
--   @indent.begin  one level per line that opened such a node still open here
--                  (nodes opening on one line count once: `f({` is one level);
--                  binary and member expressions make continuation lines;
--   @indent.align  as @indent.begin, but aligned after the bracket when the
--                  first element follows it on the same line;
--   @indent.end    a line starting with a closing bracket takes the indent of
--                  the line holding its opening bracket;
--   @indent.auto   inside a comment or multi-line string (after its first
--                  line): -1, keep the line as written.
function M.indentexpr(lnum)
  lnum = lnum or vim.v.lnum
  local bufnr = vim.api.nvim_get_current_buf()
  indent_query = indent_query or get_query('indents')
  local tree = parse(bufnr)
  local row = lnum - 1
  local line = vim.api.nvim_buf_get_lines(bufnr, row, row + 1, false)[1] or ''
  local first_col = (line:find('%S') or 1) - 1
  local closes = line:match('^%s*[%]%)}]') ~= nil
  local root = tree:root()
  if closes then
    local bracket = root:descendant_for_range(row, first_col, row, first_col + 1)
    local opener = bracket and bracket:parent() and bracket:parent():child(0)
    if opener and not opener:named() then
      local open_row = opener:range()
      if open_row < row then return vim.fn.indent(open_row + 1) end
    end
  end
  local levels, rows, aligned = 0, {}, nil
  for id, node in indent_query:iter_captures(root, bufnr, 0, row + 1) do
    local capture = indent_query.captures[id]
    local start_row, _, end_row, end_col = node:range()
    local open = start_row < row and (end_row > row or (end_row == row and (end_col > first_col or not closes)) or unclosed(node))
    if open and capture == 'indent.auto' then
      return -1
    elseif open and (capture == 'indent.begin' or capture == 'indent.align') then
      local column = capture == 'indent.align' and align_column(node)
      -- Captures come outermost first: the innermost alignment wins.
      if column then
        aligned = column
      elseif not rows[start_row] then
        rows[start_row] = true
        levels = levels + 1
        aligned = nil
      end
    end
  end
  return aligned or levels * vim.fn.shiftwidth()
end

-- The formatter's default layout (four spaces, src/analysis/format/options.ts):
-- what `o`, `>>` and `gg=G` insert, and the tabSize/insertSpaces that LSP
-- formatting sends.
local INDENT_WIDTH = 4

-- Folds are window options: set them with :setlocal in each window showing a
-- YaoXiang buffer, so they neither reach the global value (which other
-- buffers and new windows inherit) nor stay behind when the window shows
-- another buffer. foldlevel=99: files open unfolded.
local function set_fold_options(win)
  vim.api.nvim_win_call(win, function()
    vim.opt_local.foldmethod = 'expr'
    vim.opt_local.foldexpr = has_010 and 'v:lua.vim.treesitter.foldexpr()' or "v:lua.require'yaoxiang'.foldexpr()"
    vim.opt_local.foldlevel = 99
  end)
end

function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local bo = vim.bo[bufnr]
  bo.commentstring = '// %s'
  bo.expandtab = true
  bo.shiftwidth = INDENT_WIDTH
  bo.softtabstop = INDENT_WIDTH
  if loaded == nil then register_language({}) end
  if not loaded then return end
  if ts.start then
    ts.start(bufnr, 'yaoxiang')
  else
    ts.highlighter.new(ts.get_parser(bufnr, 'yaoxiang'))
  end
  bo.indentexpr = "v:lua.require'yaoxiang'.indentexpr()"
  for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do set_fold_options(win) end
  vim.api.nvim_create_autocmd('BufWinEnter', {
    group = vim.api.nvim_create_augroup('yaoxiang_folds_' .. bufnr, { clear = true }),
    buffer = bufnr,
    callback = function() set_fold_options(vim.api.nvim_get_current_win()) end,
  })
end

function M.setup(opts)
  register_filetype()
  register_language(opts or {})
end

return M
