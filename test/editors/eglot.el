;;; eglot.el --- run by test/editors/eglot.test.ts in `emacs --batch' -*- lexical-binding: t; -*-
;; Opens a program with an error in editors/emacs's yaoxiang-mode, starts eglot
;; on `yaoxiang lsp' and records what Emacs itself shows: flymake's
;; diagnostics, eldoc's hover text, where xref's definition lands, the
;; references, highlights, signature, completions, quick fixes, imenu index and
;; workspace symbols, the buffer after `eglot-format-buffer' and the buffers
;; after `eglot-rename'.
;;   YAOXIANG_CMD      JSON list: the server command
;;   YAOXIANG_REQUEST  JSON: { file, hover, definition, signature, completion: [row, col],
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
        (eglot-shutdown (eglot-current-server)))
    (error (setf (alist-get 'errors yaoxiang-test-result) (vector (error-message-string err)))))
  (with-temp-file (getenv "YAOXIANG_RESULT")
    (insert (json-encode yaoxiang-test-result))))
