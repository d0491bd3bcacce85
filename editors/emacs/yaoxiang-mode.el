;;; yaoxiang-mode.el --- Major mode for YaoXiang (爻象), with eglot -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages
;; URL: https://github.com/yaoxiang-analyzer/yaoxiang-analyzer

;;; Commentary:

;; `yaoxiang-mode' for *.yx files: `//' and nesting `/* */' comments, keyword,
;; type, constant and definition highlighting, indentation in the formatter's
;; layout (four spaces a level, continuation lines, alignment after `(').  With eglot (built into Emacs 29,
;; package `eglot' or Debian's elpa-eglot on 28) `M-x eglot' starts the
;; language server `yaoxiang lsp': diagnostics through flymake, hover through
;; eldoc, definitions and references through xref, `eglot-rename',
;; `eglot-format-buffer', completion.  The command is `yaoxiang-server-command'.
;;
;;   (add-to-list 'load-path "/path/to/yaoxiang-analyzer/editors/emacs")
;;   (require 'yaoxiang-mode)
;;   (add-hook 'yaoxiang-mode-hook #'eglot-ensure)   ; optional: start it on open

;;; Code:

(defgroup yaoxiang nil
  "YaoXiang language support."
  :group 'languages
  :prefix "yaoxiang-")

(defcustom yaoxiang-server-command '("yaoxiang" "lsp")
  "The language server's command line, program first.
For a checkout without `npm link', use
\\='(\"node\" \"/path/to/yaoxiang-analyzer/bin/yaoxiang.js\" \"lsp\")."
  :type '(repeat string)
  :group 'yaoxiang)

(defcustom yaoxiang-indent-offset 4
  "Columns per bracket level."
  :type 'integer
  :safe #'integerp
  :group 'yaoxiang)

(defconst yaoxiang--keywords
  '("and" "as" "break" "continue" "else" "for" "if" "in" "match" "mut" "or"
    "pub" "ref" "return" "spawn" "unsafe" "use" "while")
  "Reserved words of the reference compiler, less the constants.")

(defconst yaoxiang--builtin-types
  '("Int" "Float" "Bool" "Char" "String" "Void" "Never" "Any" "Type"
    "int8" "int16" "int32" "int64" "uint8" "uint16" "uint32" "uint64" "float32" "float64"))

(defvar yaoxiang-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `//' comments (style b) and nesting `/* */' comments.
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23n" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\' "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?_ "_" table)
    (dolist (c '(?+ ?- ?% ?< ?> ?= ?! ?& ?? ?|))
      (modify-syntax-entry c "." table))
    table)
  "Syntax table for `yaoxiang-mode'.")

(defvar yaoxiang-font-lock-keywords
  `((,(regexp-opt yaoxiang--keywords 'symbols) . font-lock-keyword-face)
    (,(regexp-opt '("true" "false" "void") 'symbols) . font-lock-constant-face)
    (,(regexp-opt yaoxiang--builtin-types 'symbols) . font-lock-builtin-face)
    ("\\_<self\\_>" . font-lock-variable-name-face)
    ;; `Point.shift: (…) -> …', `area: (…) -> …', `main = () => …'
    ("\\_<\\([A-Z][A-Za-z0-9_]*\\)\\.\\([A-Za-z_][A-Za-z0-9_]*\\)\\s-*:\\s-*("
     (1 font-lock-type-face) (2 font-lock-function-name-face))
    ("^\\s-*\\(?:pub\\s-+\\)?\\([a-z_][A-Za-z0-9_]*\\)\\s-*\\(?::\\s-*(\\|=\\s-*([^)]*)\\s-*=>\\)"
     1 font-lock-function-name-face)
    ("\\_<[A-Z][A-Za-z0-9_]*\\_>" . font-lock-type-face))
  "Highlighting for `yaoxiang-mode'.")

(defconst yaoxiang--continuing-operator
  "\\(?:[-+*/%<>=!&|]\\|\\_<and\\|\\_<or\\)"
  "An operator that, ending a line, continues its expression on the next.")

(defun yaoxiang--continues-previous-line-p ()
  "Whether the line at point continues the previous code line's expression.
It does when it starts with `.' (a member chain) or the previous line ends
with a binary operator, `=' or `=>'."
  (save-excursion
    (back-to-indentation)
    (or (looking-at-p "\\.[^.]")
        (progn
          ;; Back over blank lines and comments to the previous code.
          (beginning-of-line)
          (forward-comment (- (buffer-size)))
          (and (not (bobp))
               (not (nth 8 (syntax-ppss)))
               (looking-back yaoxiang--continuing-operator (line-beginning-position)))))))

(defun yaoxiang--indentation ()
  "The column the line at point should start at.
One level past the line that opens the innermost bracket; a closing bracket
at the start of the line takes its opener's line's indentation; inside `('
or `[' with an element after the opener on its line, under that element;
one more level for a continuation line."
  (save-excursion
    (back-to-indentation)
    (let* ((opener (nth 1 (syntax-ppss)))
           (closes (looking-at-p "[])}]"))
           (aligned (and opener (not closes) (memq (char-after opener) '(?\( ?\[))
                         (save-excursion
                           (goto-char (1+ opener))
                           (skip-chars-forward " \t")
                           (unless (looking-at-p "$\\|//") (current-column))))))
      (or aligned
          (+ (if opener
                 (save-excursion
                   (goto-char opener)
                   (+ (current-indentation) (if closes 0 yaoxiang-indent-offset)))
               0)
             (if (and (not closes) (yaoxiang--continues-previous-line-p)) yaoxiang-indent-offset 0))))))

(defun yaoxiang-indent-line ()
  "Indent the current line as the formatter lays it out.
The body of a block comment or a multi-line string keeps its own layout."
  (interactive)
  (unless (nth 8 (save-excursion (syntax-ppss (line-beginning-position))))
    (let ((column (yaoxiang--indentation)))
      (if (<= (current-column) (current-indentation))
          (indent-line-to column)
        (save-excursion (indent-line-to column))))))

;;;###autoload
(define-derived-mode yaoxiang-mode prog-mode "YaoXiang"
  "Major mode for YaoXiang (爻象) source files."
  :syntax-table yaoxiang-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)\\s-*")
  (setq-local font-lock-defaults '(yaoxiang-font-lock-keywords))
  (setq-local indent-line-function #'yaoxiang-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width yaoxiang-indent-offset)
  (setq-local electric-indent-chars (append "{}[]()" electric-indent-chars)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.yx\\'" . yaoxiang-mode))

(defun yaoxiang--server-contact (&optional _interactive)
  "The command eglot runs for `yaoxiang-mode' buffers."
  yaoxiang-server-command)

(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (add-to-list 'eglot-server-programs '(yaoxiang-mode . yaoxiang--server-contact)))

(provide 'yaoxiang-mode)
;;; yaoxiang-mode.el ends here
