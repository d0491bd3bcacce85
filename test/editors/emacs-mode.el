;;; emacs-mode.el --- run by test/editors/emacs-mode.test.ts in `emacs --batch' -*- lexical-binding: t; -*-
;; For each file: strips the indentation of every line that does not start
;; inside a comment or string, runs `indent-region' in yaoxiang-mode, and
;; records the first line that differs from the file (nil when none); for the
;; faces file, the face at each of the given [row, col] positions.
;;   YAOXIANG_REQUEST  JSON: { files: [...], faces_file, faces: [[row, col], ...] }
;;   YAOXIANG_RESULT   where to write the JSON result
(require 'json)
(require 'yaoxiang-mode)

(defun yaoxiang-test-first-difference (a b)
  "The 1-based line and both texts of the first line where strings A and B differ, or nil."
  (let ((as (split-string a "\n")) (bs (split-string b "\n")) (line 1) (found nil))
    (while (and (or as bs) (not found))
      (unless (equal (car as) (car bs)) (setq found (list line (car as) (car bs))))
      (setq as (cdr as) bs (cdr bs) line (1+ line)))
    found))

(let* ((json-object-type 'alist) (json-array-type 'list) (json-key-type 'symbol)
       (request (json-read-file (getenv "YAOXIANG_REQUEST")))
       (inhibit-message t)
       (reindented nil)
       (faces nil))
  (dolist (file (alist-get 'files request))
    (with-temp-buffer
      (insert-file-contents file)
      (yaoxiang-mode)
      (let ((original (buffer-string)))
        (goto-char (point-min))
        (while (not (eobp))
          (unless (nth 8 (syntax-ppss (line-beginning-position)))
            (delete-region (point) (progn (skip-chars-forward " \t") (point))))
          (forward-line 1))
        (indent-region (point-min) (point-max))
        (push (cons (intern file) (yaoxiang-test-first-difference original (buffer-string)))
              reindented))))
  (with-temp-buffer
    (insert-file-contents (alist-get 'faces_file request))
    (yaoxiang-mode)
    (font-lock-ensure)
    (dolist (at (alist-get 'faces request))
      (goto-char (point-min))
      (forward-line (nth 0 at))
      (forward-char (nth 1 at))
      (let ((face (get-text-property (point) 'face)))
        (push (and face (format "%s" face)) faces))))
  (with-temp-file (getenv "YAOXIANG_RESULT")
    (insert (json-encode (list (cons 'reindented reindented) (cons 'faces (nreverse faces)))))))
