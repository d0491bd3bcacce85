;;; eglot.el --- run by test/editors/eglot.test.ts in `emacs --batch' -*- lexical-binding: t; -*-
;; Opens a program with an error in editors/emacs's yaoxiang-mode, starts eglot
;; on `yaoxiang lsp' and records what Emacs itself shows: flymake's
;; diagnostics, eldoc's hover text, where xref's definition lands, the
;; references, highlights, signature, completions, quick fixes, imenu index and
;; workspace symbols, the buffer after `eglot-format-buffer', the buffers
;; after `eglot-rename' and the buffer after the quick fix with
;; flymake empty again.  eglot 1.9 has no UI for inlay hints, semantic tokens,
;; folding or selection ranges: those are sent on eglot's own connection
;; (`jsonrpc-request' to the buffer's server, positions through eglot's
;; conversions), so its transport, initialize and document sync carry them.
;;   YAOXIANG_CMD      JSON list: the server command
;;   YAOXIANG_REQUEST  JSON: { file, hover, definition, signature, completion, selection: [row, col],
;;                     symbols_file, workspace_query, format_file,
;;                     rename: { at: [row, col], new_name, files } }
;;   YAOXIANG_RESULT   where to write the JSON result
(require 'package)
;; Debian's elpa-eglot (and the newer xref and project it needs) live here;
;; `emacs -Q' skips the site-start that would add it. Emacs 29 has eglot built in.
(when (file-directory-p "/usr/share/emacs/site-lisp/elpa") ; DEBIAN_ELPA of batch-emacs.ts
  (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(require 'json)
(require 'eglot)
(require 'flymake)
(require 'xref)
(require 'yaoxiang-mode)

(defvar yaoxiang-test-result (list (cons 'errors [])))
(defun yaoxiang-test-put (key value) (push (cons key value) yaoxiang-test-result))

(defun yaoxiang-test-wait (what predicate &optional seconds)
  "Process server output until PREDICATE holds, or fail naming WHAT."
  (let ((deadline (+ (float-time) (or seconds 20))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (unless (funcall predicate) (error "Timed out waiting for %s" what))))

(defun yaoxiang-test-goto (row col)
  "Move to zero-based ROW and COL."
  (goto-char (point-min))
  (forward-line row)
  (forward-char col))

(defun yaoxiang-test-imenu-tree (index)
  "INDEX (an imenu alist) as JSON: a name for an entry, [name, children] for a group."
  (vconcat
   (mapcar (lambda (entry)
             (if (listp (cdr entry))
                 (vector (car entry) (yaoxiang-test-imenu-tree (cdr entry)))
               (car entry)))
           index)))

(defun yaoxiang-test-row-col (point)
  "POINT as [zero-based row, characters from the line's start]."
  (save-excursion
    (goto-char point)
    (vector (1- (line-number-at-pos)) (- point (line-beginning-position)))))

(defun yaoxiang-test-request (method params)
  "The answer to METHOD with PARAMS on the buffer's eglot connection."
  (jsonrpc-request (eglot--current-server-or-lose) method params))

(defun yaoxiang-test-semantic-tokens (data legend)
  "DATA of a semantic-tokens answer as `row:col+length type/modifiers' strings,
columns in characters, through eglot's position conversion."
  (let ((line 0) (character 0) (tokens nil))
    (dotimes (i (/ (length data) 5))
      (let ((d (lambda (k) (aref data (+ (* i 5) k)))))
        (setq character (if (= (funcall d 0) 0) (+ character (funcall d 1)) (funcall d 1)))
        (setq line (+ line (funcall d 0)))
        (let ((beg (eglot--lsp-position-to-point (list :line line :character character)))
              (end (eglot--lsp-position-to-point (list :line line :character (+ character (funcall d 2))))))
          (push (format "%d:%d+%d %s/%d" line (aref (yaoxiang-test-row-col beg) 1) (- end beg)
                        (aref legend (funcall d 3)) (funcall d 4))
                tokens))))
    (nreverse tokens)))

(defun yaoxiang-test-lines ()
  (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n"))

(let* ((json-object-type 'alist) (json-array-type 'list) (json-key-type 'symbol)
       (request (json-read-file (getenv "YAOXIANG_REQUEST")))
       (file (alist-get 'file request))
       (inhibit-message t))
  (condition-case err
      (progn
        (setq yaoxiang-server-command (json-read-from-string (getenv "YAOXIANG_CMD")))
        ;; Batch Emacs has no user to confirm an edit the server sends.
        (setq eglot-confirm-server-initiated-edits nil)
        (find-file file)
        (yaoxiang-test-put 'major_mode (symbol-name major-mode))
        (apply #'eglot (eglot--guess-contact))
        (yaoxiang-test-wait "eglot to connect" (lambda () (eglot-current-server)))
        (let ((server (eglot-current-server)))
          (yaoxiang-test-wait "the initialize answer" (lambda () (eglot--capabilities server))))
        (yaoxiang-test-put 'managed (if (bound-and-true-p eglot--managed-mode) t :json-false))

        ;; Diagnostics, as flymake holds them (flymake runs its backends on
        ;; idle timers, which batch Emacs never reaches: start it by hand).
        (yaoxiang-test-wait "flymake diagnostics"
                            (lambda () (flymake-start) (flymake-diagnostics)))
        (yaoxiang-test-put
         'diagnostics
         (mapcar (lambda (d)
                   (let ((beg (flymake-diagnostic-beg d)) (end (flymake-diagnostic-end d)))
                     (list (cons 'line (1- (line-number-at-pos beg)))
                           (cons 'col (save-excursion (goto-char beg) (current-column)))
                           (cons 'end_col (save-excursion (goto-char end) (current-column)))
                           (cons 'type (symbol-name (flymake-diagnostic-type d)))
                           (cons 'text (flymake-diagnostic-text d)))))
                 (flymake-diagnostics)))

        ;; Hover: what eglot's eldoc function hands eldoc to display.
        (let ((hover (alist-get 'hover request)) (shown nil))
          (yaoxiang-test-goto (nth 0 hover) (nth 1 hover))
          (eglot-hover-eldoc-function (lambda (doc &rest _) (setq shown (or doc ""))))
          (yaoxiang-test-wait "the hover" (lambda () shown))
          (yaoxiang-test-put 'hover (substring-no-properties shown)))

        ;; Definition: `M-.' on the name, then where point is.
        (let ((at (alist-get 'definition request)))
          (yaoxiang-test-goto (nth 0 at) (nth 1 at))
          (xref-find-definitions (xref-backend-identifier-at-point 'eglot))
          (yaoxiang-test-put 'definition
                             (list (cons 'file (buffer-file-name))
                                   (cons 'row (1- (line-number-at-pos)))
                                   (cons 'col (current-column)))))

        ;; References: `M-?' on the name, as xref lists them.
        (let ((at (alist-get 'definition request)))
          (switch-to-buffer (find-file-noselect file))
          (yaoxiang-test-goto (nth 0 at) (nth 1 at))
          (yaoxiang-test-put
           'references
           (mapcar (lambda (item)
                     (let ((location (xref-item-location item)))
                       (list (cons 'file (xref-location-group location))
                             (cons 'row (1- (xref-location-line location))))))
                   (xref-backend-references 'eglot (xref-backend-identifier-at-point 'eglot))))
          ;; Highlights: the overlays eglot puts on the other uses in the buffer.
          (setq eglot--highlights nil)
          (eglot-hover-eldoc-function #'ignore)
          (yaoxiang-test-wait "the highlights" (lambda () eglot--highlights))
          (yaoxiang-test-put
           'highlights
           (mapcar (lambda (ov)
                     (vector (1- (line-number-at-pos (overlay-start ov)))
                           (save-excursion (goto-char (overlay-start ov)) (current-column))
                           (save-excursion (goto-char (overlay-end ov)) (current-column))))
                   (sort (copy-sequence eglot--highlights) (lambda (a b) (< (overlay-start a) (overlay-start b)))))))

        ;; Signature help: what eglot hands eldoc inside a call's arguments.
        (let ((at (alist-get 'signature request)) (shown nil))
          (yaoxiang-test-goto (nth 0 at) (nth 1 at))
          (eglot-signature-eldoc-function (lambda (doc &rest _) (setq shown (or doc ""))))
          (yaoxiang-test-wait "the signature" (lambda () shown))
          (yaoxiang-test-put 'signature (substring-no-properties shown)))

        ;; Completion: the candidates `completion-at-point' offers after `io.'.
        (let ((at (alist-get 'completion request)))
          (yaoxiang-test-goto (nth 0 at) (nth 1 at))
          (let ((capf (eglot-completion-at-point)))
            (yaoxiang-test-put 'completions
                               (mapcar #'substring-no-properties
                                       (all-completions (buffer-substring-no-properties (nth 0 capf) (point))
                                                        (nth 2 capf))))))

        ;; Quick fixes: the code actions offered on the diagnostic.
        (let ((diagnostic (car (flymake-diagnostics))))
          (yaoxiang-test-put
           'code_actions
           (mapcar (lambda (action) (plist-get action :title))
                   (eglot-code-actions (flymake-diagnostic-beg diagnostic) (flymake-diagnostic-end diagnostic)))))

        ;; Inlay hints, selection ranges: requests on eglot's connection.
        (yaoxiang-test-put
         'inlay_hints
         (mapcar (lambda (hint)
                   (let ((at (yaoxiang-test-row-col (eglot--lsp-position-to-point (plist-get hint :position)))))
                     (vector (aref at 0) (aref at 1) (plist-get hint :label) (plist-get hint :kind))))
                 (yaoxiang-test-request :textDocument/inlayHint
                                        (list :textDocument (eglot--TextDocumentIdentifier)
                                              :range (list :start (eglot--pos-to-lsp-position (point-min))
                                                           :end (eglot--pos-to-lsp-position (point-max)))))))
        (let ((at (alist-get 'selection request)))
          (yaoxiang-test-goto (nth 0 at) (nth 1 at))
          (let* ((answer (aref (yaoxiang-test-request :textDocument/selectionRange
                                                      (list :textDocument (eglot--TextDocumentIdentifier)
                                                            :positions (vector (eglot--pos-to-lsp-position))))
                               0))
                 (region (lambda (selection)
                           (let ((r (eglot--range-region (plist-get selection :range))))
                             (vconcat (yaoxiang-test-row-col (car r)) (yaoxiang-test-row-col (cdr r)))))))
            (yaoxiang-test-put 'selection (vector (funcall region answer) (funcall region (plist-get answer :parent))))))

        ;; Semantic tokens (decoded with the legend eglot received) and folding ranges of the symbols file.
        (with-current-buffer (find-file-noselect (alist-get 'symbols_file request))
          (yaoxiang-test-wait "eglot in the symbols buffer" (lambda () (bound-and-true-p eglot--managed-mode)))
          (let ((legend (plist-get (plist-get (eglot--capabilities (eglot--current-server-or-lose)) :semanticTokensProvider) :legend)))
            (yaoxiang-test-put
             'semantic_tokens
             (yaoxiang-test-semantic-tokens
              (plist-get (yaoxiang-test-request :textDocument/semanticTokens/full
                                                (list :textDocument (eglot--TextDocumentIdentifier)))
                         :data)
              (plist-get legend :tokenTypes))))
          (yaoxiang-test-put
           'folding_ranges
           (mapcar (lambda (fold) (vector (plist-get fold :startLine) (plist-get fold :endLine)))
                   (yaoxiang-test-request :textDocument/foldingRange (list :textDocument (eglot--TextDocumentIdentifier))))))

        ;; Symbols: imenu's index of a file, and `xref-find-apropos' over the workspace.
        (with-current-buffer (find-file-noselect (alist-get 'symbols_file request))
          (yaoxiang-test-wait "eglot in the symbols buffer" (lambda () (bound-and-true-p eglot--managed-mode)))
          (yaoxiang-test-put
           'imenu
           (yaoxiang-test-imenu-tree (eglot-imenu))))
        (yaoxiang-test-put
         'workspace_symbols
         (mapcar (lambda (item) (substring-no-properties (xref-item-summary item)))
                 (xref-backend-apropos 'eglot (alist-get 'workspace_query request))))

        ;; Formatting: the buffer after eglot applied the server's edits.
        (find-file (alist-get 'format_file request))
        (setq-local tab-width 2)
        (yaoxiang-test-wait "eglot in the second buffer" (lambda () (bound-and-true-p eglot--managed-mode)))
        (eglot-format-buffer)
        (yaoxiang-test-put 'formatted (yaoxiang-test-lines))

        ;; Rename: every file's buffer carries the new name (nothing is saved).
        (let* ((rename (alist-get 'rename request)) (at (alist-get 'at rename)))
          (switch-to-buffer (find-file-noselect file))
          (yaoxiang-test-goto (nth 0 at) (nth 1 at))
          (eglot-rename (alist-get 'new_name rename))
          (yaoxiang-test-put
           'renamed
           (mapcar (lambda (f) (cons (intern f) (with-current-buffer (find-file-noselect f) (yaoxiang-test-lines))))
                   (alist-get 'files rename))))

        ;; Quick fix: `C-u M-x eglot-code-actions' with kind quickfix on the
        ;; diagnostic applies the one fix (1.9's `eglot-code-action-quickfix'
        ;; only lists actions); eglot sends the edit as an incremental change
        ;; and flymake empties once the server has re-diagnosed.
        ;; eglot sends changes (here the rename's, in every file) from an idle
        ;; timer, and batch Emacs is never idle.
        (dolist (f (alist-get 'files (alist-get 'rename request)))
          (with-current-buffer (find-file-noselect f) (eglot--signal-textDocument/didChange)))
        ;; flymake keeps a diagnostic's region as numbers, which the rename
        ;; shifted: wait for the one the server published after it.
        (let ((first (car (alist-get 'diagnostics yaoxiang-test-result))))
          (yaoxiang-test-wait "the diagnostic after the rename"
                              (lambda ()
                                (flymake-start)
                                (let ((d (car (flymake-diagnostics))))
                                  (and d (equal (yaoxiang-test-row-col (flymake-diagnostic-beg d))
                                                (vector (alist-get 'line first) (alist-get 'col first))))))))
        (let ((diagnostic (car (flymake-diagnostics))))
          (eglot-code-actions (flymake-diagnostic-beg diagnostic) (flymake-diagnostic-end diagnostic) "quickfix" t))
        (yaoxiang-test-put 'fixed (yaoxiang-test-lines))
        (eglot--signal-textDocument/didChange)
        (yaoxiang-test-wait "flymake to drop the fixed diagnostic"
                            (lambda () (flymake-start) (null (flymake-diagnostics))))
        (yaoxiang-test-put 'fixed_diagnostics (length (flymake-diagnostics)))
        (eglot-shutdown (eglot-current-server)))
    (error (setf (alist-get 'errors yaoxiang-test-result) (vector (error-message-string err)))))
  (with-temp-file (getenv "YAOXIANG_RESULT")
    (insert (json-encode yaoxiang-test-result))))
